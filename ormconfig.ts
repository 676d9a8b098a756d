/** TypeORM CLI entry (`npx typeorm -d dist/ormconfig.js migration:show`): the same data source the server uses. */
import 'reflect-metadata';
import { createDataSource } from './server/src/db/data-source';

export default createDataSource({ url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:54329/store' });

/** Every resolver class of the schema. A new resolver is registered here. */
import type { NonEmptyArray } from 'type-graphql';
import { ProductResolver } from '../catalogue/product.resolver';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [ProductResolver];

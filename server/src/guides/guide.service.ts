import { DataSource } from 'typeorm';
import { guideSearchSchema } from '../../../common/validation';
import { Service } from '../container';
import { GuideCategory } from '../core/enums';
import { InputError } from '../core/errors';
import { InstallationGuide } from './installation-guide.entity';

/** Makes user text literal inside ILIKE: `\`, `%` and `_` lose their pattern meaning. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Installation guides (docs/product.md "Guides"): most viewed first, searchable by title and server type. */
@Service()
export class GuideService {
  constructor(private readonly db: DataSource) {}

  /**
   * Guides by views descending (title breaks ties), optionally of one category and matching `search`
   * case-insensitively anywhere in the title or server type. A blank search means no filter; one over
   * 100 characters is BAD_USER_INPUT (field `search`).
   */
  async list(
    search: string | null | undefined,
    category: GuideCategory | null | undefined,
  ): Promise<InstallationGuide[]> {
    let term: string | null = null;
    if (search != null) {
      const parsed = guideSearchSchema.safeParse(search);
      if (!parsed.success) throw InputError.field('search', parsed.error.issues[0].message);
      term = parsed.data;
    }
    const query = this.db
      .getRepository(InstallationGuide)
      .createQueryBuilder('guide')
      .orderBy('guide.views', 'DESC')
      .addOrderBy('guide.title', 'ASC')
      .addOrderBy('guide.id', 'ASC');
    if (category) query.andWhere('guide.category = :category', { category });
    if (term) {
      query.andWhere(`(guide.title ILIKE :pattern ESCAPE '\\' OR guide.server_type ILIKE :pattern ESCAPE '\\')`, {
        pattern: `%${escapeLike(term)}%`,
      });
    }
    return query.getMany();
  }
}

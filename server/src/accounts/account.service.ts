import { DataSource } from 'typeorm';
import { profileSchema } from '../../../common/validation';
import { Service } from '../container';
import { parseInput, UnauthenticatedError } from '../graphql/errors';
import type { ProfileInput } from './account.inputs';
import { Profile } from './profile.entity';
import { ADMIN_ROLE, UserRole } from './user-role.entity';
import { User } from './user.entity';
import { Viewer } from './viewer.type';

/** A viewer together with the roles its access token should carry. */
export interface ViewerWithRoles {
  viewer: Viewer;
  roles: string[];
}

/**
 * The signed-in user's own account: who they are (`me`), their roles as stored (never only as the
 * token claims them) and their profile.
 */
@Service()
export class AccountService {
  constructor(private readonly db: DataSource) {}

  /** The user as `me` shows them, with roles read from user_roles; null when the user is gone. */
  async viewer(userId: string): Promise<ViewerWithRoles | null> {
    const [user, profile, roles] = await Promise.all([
      this.db.getRepository(User).findOneBy({ id: userId }),
      this.db.getRepository(Profile).findOneBy({ id: userId }),
      this.db.getRepository(UserRole).findBy({ userId }),
    ]);
    if (!user) return null;
    const viewer = Object.assign(new Viewer(), {
      id: user.id,
      email: user.email,
      isAdmin: roles.some((r) => r.role === ADMIN_ROLE),
      profile: profile ?? this.emptyProfile(user),
    });
    return { viewer, roles: roles.map((r) => r.role).sort() };
  }

  /**
   * Edit Profile (a departure, DESIGN.md §7): replaces full name, company and phone; an empty or
   * missing company or phone clears it. The profile row is created if an older account lacks one.
   */
  async updateProfile(userId: string, input: ProfileInput): Promise<Profile> {
    const values = parseInput(profileSchema, {
      fullName: input.fullName ?? '',
      companyName: input.companyName ?? '',
      phone: input.phone ?? '',
    });
    const [row] = await this.db.query(
      `INSERT INTO profiles (id, email, full_name, company_name, phone)
         SELECT id, email, $2, $3, $4 FROM users WHERE id = $1
       ON CONFLICT (id) DO UPDATE
         SET full_name = EXCLUDED.full_name, company_name = EXCLUDED.company_name, phone = EXCLUDED.phone,
             updated_at = now()
       RETURNING id`,
      [userId, values.fullName, values.companyName, values.phone],
    );
    // A valid token of a deleted account: the account is gone, so is the session.
    if (!row) throw new UnauthenticatedError();
    return this.db.getRepository(Profile).findOneByOrFail({ id: userId });
  }

  private emptyProfile(user: User): Profile {
    return Object.assign(new Profile(), {
      id: user.id,
      email: user.email,
      fullName: null,
      companyName: null,
      phone: null,
    });
  }
}

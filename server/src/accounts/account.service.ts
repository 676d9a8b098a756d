import { DataSource, In } from 'typeorm';
import { profileSchema } from '../../../common/validation';
import { Service } from '../container';
import { hydrate } from '../db/hydrate';
import { parseInput, UnauthenticatedError } from '../core/errors';
import { byId } from '../core/by-id';
import type { ProfileInput } from './account.inputs';
import { Profile } from './profile.entity';
import { User } from './user.entity';
import { Viewer } from './viewer.type';

/** A viewer together with the roles its access token should carry. */
export interface ViewerWithRoles {
  viewer: Viewer;
  roles: string[];
}

interface ViewerRow {
  id: string;
  email: string;
  email_verified: boolean;
  profile_id: string | null;
  full_name: string | null;
  profile_email: string | null;
  company_name: string | null;
  phone: string | null;
  profile_created_at: Date | null;
  profile_updated_at: Date | null;
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
    // One statement instead of three (user, profile, roles): `me` opens every dashboard request.
    const rows: ViewerRow[] = await this.db.query(
      `SELECT u.id, u.email, u.email_verified_at IS NOT NULL AS email_verified, p.id AS profile_id, p.full_name, p.email AS profile_email, p.company_name, p.phone,
              p.created_at AS profile_created_at, p.updated_at AS profile_updated_at,
              coalesce((SELECT array_agg(r.role ORDER BY r.role) FROM user_roles r WHERE r.user_id = u.id), '{}') AS roles
       FROM users u LEFT JOIN profiles p ON p.id = u.id
       WHERE u.id = $1`,
      [userId],
    );
    const row = rows[0];
    if (!row) return null;
    const profile = row.profile_id
      ? Object.assign(new Profile(), {
          id: row.profile_id,
          fullName: row.full_name,
          email: row.profile_email,
          companyName: row.company_name,
          phone: row.phone,
          createdAt: row.profile_created_at,
          updatedAt: row.profile_updated_at,
        })
      : this.emptyProfile(row);
    const viewer = Object.assign(new Viewer(), {
      id: row.id,
      email: row.email,
      // Any staff role opens the admin panel; each operation checks its own permission (docs/staff-and-permissions.md).
      isAdmin: row.roles.length > 0,
      emailVerified: row.email_verified,
      profile,
    });
    return { viewer, roles: row.roles };
  }

  /** Whether each account (by id, in the order of `ids`) confirmed its address; null for an unknown id. */
  async emailVerifiedOf(ids: readonly string[]): Promise<(boolean | null)[]> {
    const rows: { id: string; verified: boolean }[] = await this.db.query(
      `SELECT id, email_verified_at IS NOT NULL AS verified FROM users WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    const verified = new Map(rows.map((row) => [row.id, row.verified]));
    return ids.map((id) => verified.get(id) ?? null);
  }

  /** Profiles by user id, in the order of `ids`, null where there is none: one query for a batch. */
  async profilesOf(ids: readonly string[]): Promise<(Profile | null)[]> {
    return byId(ids, await this.db.getRepository(Profile).findBy({ id: In([...ids]) }));
  }

  /**
   * Edit Profile (a departure, docs/decisions.md "Departures"): replaces full name, company and phone; an empty or
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
       RETURNING *`,
      [userId, values.fullName, values.companyName, values.phone],
    );
    // A valid token of a deleted account: the account is gone, so is the session.
    if (!row) throw new UnauthenticatedError();
    return hydrate(this.db.manager, Profile, row);
  }

  private emptyProfile(user: Pick<User, 'id' | 'email'>): Profile {
    return Object.assign(new Profile(), {
      id: user.id,
      email: user.email,
      fullName: null,
      companyName: null,
      phone: null,
    });
  }
}

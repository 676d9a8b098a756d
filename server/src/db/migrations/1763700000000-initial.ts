import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The whole first schema (docs/architecture.md "Data model"). Indexes follow every list's order and filter. */
export class Initial1763700000000 implements MigrationInterface {
  name = 'Initial1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_email_lower CHECK (email = lower(email))
      );
      CREATE UNIQUE INDEX users_email_key ON users (email);

      CREATE TABLE profiles (
        id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        full_name text,
        email text NOT NULL,
        company_name text,
        phone text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE user_roles (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, role)
      );

      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash text NOT NULL,
        family_id uuid NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        replaced_by uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX sessions_token_hash_key ON sessions (token_hash);
      CREATE INDEX sessions_family_idx ON sessions (family_id);
      CREATE INDEX sessions_user_idx ON sessions (user_id);

      CREATE TABLE products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug text NOT NULL,
        name text NOT NULL,
        category text NOT NULL,
        description text NOT NULL,
        long_description text,
        price numeric(12, 2) NOT NULL CHECK (price >= 0),
        in_stock boolean NOT NULL DEFAULT true,
        active boolean NOT NULL DEFAULT true,
        features text[] NOT NULL DEFAULT '{}',
        image text,
        min_quantity integer NOT NULL DEFAULT 1 CHECK (min_quantity >= 1),
        price_tiers jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX products_slug_key ON products (slug);
      CREATE INDEX products_active_price_idx ON products (price, name) WHERE active;
      CREATE INDEX products_name_idx ON products (name);

      CREATE TABLE stored_files (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid REFERENCES users (id) ON DELETE SET NULL,
        kind text NOT NULL,
        filename text NOT NULL,
        mime text NOT NULL,
        size integer NOT NULL,
        sha256 text NOT NULL,
        bytes bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX stored_files_owner_idx ON stored_files (owner_id);

      CREATE TABLE orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id),
        product_id uuid NOT NULL REFERENCES products (id),
        contact_email text NOT NULL,
        domain_name text,
        quantity integer NOT NULL CHECK (quantity >= 1),
        unit_price numeric(12, 2) NOT NULL,
        total_price numeric(14, 2) NOT NULL,
        payment_method text NOT NULL CHECK (payment_method IN ('usdt_trc20', 'btc', 'eth', 'paypal', 'skrill')),
        crypto_address text NOT NULL,
        payment_amount_crypto numeric(30, 8) NOT NULL,
        transaction_id text,
        payment_proof_file_id uuid REFERENCES stored_files (id),
        status text NOT NULL DEFAULT 'pending' CHECK (status IN
          ('pending', 'success', 'not_received', 'processing', 'completed', 'confirmed', 'active', 'cancelled')),
        idempotency_key text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX orders_user_idempotency_key ON orders (user_id, idempotency_key)
        WHERE idempotency_key IS NOT NULL;
      CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC, id DESC);
      CREATE INDEX orders_created_idx ON orders (created_at DESC, id DESC);
      CREATE INDEX orders_status_created_idx ON orders (status, created_at DESC, id DESC);

      CREATE TABLE order_events (
        id bigserial PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
        actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
        from_status text,
        to_status text NOT NULL,
        note text,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX order_events_order_idx ON order_events (order_id, created_at, id);

      CREATE TABLE certificates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        order_id uuid REFERENCES orders (id) ON DELETE SET NULL,
        product_id uuid REFERENCES products (id),
        domain_name text NOT NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'pending', 'expired', 'revoked')),
        issued_at timestamptz,
        expires_at timestamptz,
        auto_renew boolean NOT NULL DEFAULT false,
        certificate_file_id uuid REFERENCES stored_files (id),
        chain_file_id uuid REFERENCES stored_files (id),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX certificates_user_created_idx ON certificates (user_id, created_at DESC, id DESC);
      CREATE INDEX certificates_order_idx ON certificates (order_id);

      CREATE TABLE support_tickets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        title text NOT NULL,
        description text NOT NULL,
        category text NOT NULL CHECK (category IN ('installation', 'order', 'renewal', 'technical', 'billing', 'other')),
        priority text NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'resolved', 'closed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX support_tickets_user_created_idx ON support_tickets (user_id, created_at DESC, id DESC);

      CREATE TABLE installation_guides (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL,
        server_type text NOT NULL,
        category text NOT NULL DEFAULT 'other' CHECK (category IN ('hosting_panel', 'web_server', 'other')),
        content text NOT NULL,
        steps jsonb NOT NULL DEFAULT '[]',
        helpful_count integer NOT NULL DEFAULT 0,
        views integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX installation_guides_views_idx ON installation_guides (views DESC, title);

      CREATE TABLE rate_limits (
        key text PRIMARY KEY,
        window_start timestamptz NOT NULL,
        hits integer NOT NULL
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE rate_limits, installation_guides, support_tickets, certificates, order_events, orders,
        stored_files, products, sessions, user_roles, profiles, users;
    `);
  }
}

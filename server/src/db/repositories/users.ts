import type { Profile, Role } from "@contract/auth";
import type { Queryable } from "../database.js";

interface UserRow {
  id: number;
  email: string;
  name: string;
  phone: string | null;
  role: Role;
  password_hash: string;
  mobile_e164?: string | null;
  text_when_ready?: boolean;
}

export interface StoredUser extends Profile {
  passwordHash: string;
}

const toUser = (row: UserRow): StoredUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  phone: row.phone,
  mobile: row.mobile_e164 ?? null,
  textWhenReady: row.text_when_ready ?? false,
  role: row.role,
  passwordHash: row.password_hash,
});

export function usersRepository(db: Queryable) {
  return {
    async findByEmail(email: string): Promise<StoredUser | null> {
      const [row] = await db.query<UserRow>(
        "select * from users where lower(email) = lower($1) and deleted_at is null",
        [email],
      );
      return row ? toUser(row) : null;
    },
    async findById(id: number): Promise<StoredUser | null> {
      const [row] = await db.query<UserRow>(
        "select * from users where id = $1 and deleted_at is null",
        [id],
      );
      return row ? toUser(row) : null;
    },
    /** Returns null when the email is taken (ignoring case). */
    async createCustomer(input: {
      email: string;
      name: string;
      passwordHash: string;
    }): Promise<StoredUser | null> {
      const [row] = await db.query<UserRow>(
        `insert into users (email, name, password_hash, role) values ($1, $2, $3, 'customer')
         on conflict do nothing returning *`,
        [input.email, input.name, input.passwordHash],
      );
      return row ? toUser(row) : null;
    },
  };
}

import type {
  LoginRequest,
  LoginResponse,
  Profile,
  RegisterRequest,
  RegisterResponse,
  User,
} from "@contract/auth";
import type { Database } from "@server/db/database.js";
import { usersRepository } from "@server/db/repositories/users.js";
import { Conflict, NotFound, Unauthorized } from "@server/domain-errors.js";
import { hashPassword, verifyPassword } from "@server/lib/passwords.js";
import type { TokenService } from "./tokens.js";

const INVALID_CREDENTIALS = "Invalid email or password";
// Verifying against a real hash for unknown emails keeps response times alike, so emails cannot be probed.
const DUMMY_HASH_PROMISE = hashPassword("not-a-real-password");

export function createAuthService(db: Database, tokens: TokenService) {
  const users = usersRepository(db);
  const publicUser = (user: Profile): User => ({
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
  });

  return {
    async register(input: RegisterRequest): Promise<RegisterResponse> {
      const passwordHash = await hashPassword(input.password);
      // Whatever role the client sends, registration only ever creates customers.
      const created = await users.createCustomer({
        email: input.email,
        name: input.name,
        passwordHash,
      });
      if (!created) throw new Conflict("An account with this email already exists");
      const user = publicUser(created);
      return { token: await tokens.sign(user), user, message: "Registration successful" };
    },

    async login(input: LoginRequest): Promise<LoginResponse> {
      const stored = await users.findByEmail(input.email);
      const valid = await verifyPassword(
        input.password,
        stored?.passwordHash ?? (await DUMMY_HASH_PROMISE),
      );
      if (!stored || !valid) throw new Unauthorized(INVALID_CREDENTIALS);
      const user = publicUser(stored);
      return { token: await tokens.sign(user), user };
    },

    async profile(userId: number): Promise<Profile> {
      const stored = await users.findById(userId);
      if (!stored) throw new NotFound("User not found");
      return {
        ...publicUser(stored),
        phone: stored.phone,
        mobile: stored.mobile ?? null,
        textWhenReady: stored.textWhenReady ?? false,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

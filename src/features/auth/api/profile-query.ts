import { profileSchema } from "@contract/auth";
import { queryOptions } from "@tanstack/react-query";
import { authUrl, request } from "@/lib/api-client";

export const authKeys = {
  profile: (userId: number) => ["auth", "profile", userId] as const,
};

export const profileQuery = (userId: number) =>
  queryOptions({
    queryKey: authKeys.profile(userId),
    queryFn: () => request(authUrl("/me"), { schema: profileSchema }),
    staleTime: 5 * 60 * 1000,
  });

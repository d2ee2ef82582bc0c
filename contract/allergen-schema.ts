import * as z from "zod/mini";
import { ALLERGENS, type AllergenId } from "./allergens";

export const allergenIdSchema = z.enum(ALLERGENS.map((a) => a.id) as [AllergenId, ...AllergenId[]]);

/**
 * Demo data for the Food Park: eight food trailers with realistic UK menus.
 *
 * Prices are integer pence. Allergens use the 14 UK-declarable allergen ids. Every image path
 * points at a file under /public. A "Choose Portion Size" option carries the FULL price of the
 * item at that size, and the item's own price is always the default portion's price.
 */
import type { AllergenId } from "../../../contract/allergens";

export interface SeedAddon {
  name: string;
  description?: string;
  pricePence: number;
  isDefault?: boolean;
  allergens?: AllergenId[];
}
export interface SeedAddonGroup {
  name: string;
  minQuantity: number;
  maxQuantity: number;
  isRequired: boolean;
  addons: SeedAddon[];
}
export interface SeedItem {
  name: string;
  description: string;
  pricePence: number;
  image: string;
  allergens: AllergenId[];
  badges?: ("best_seller" | "most_favourite")[];
  addonGroups?: SeedAddonGroup[];
}
export interface SeedCategory {
  name: string;
  items: SeedItem[];
}
export interface SeedVendor {
  slug: string;
  name: string;
  description: string;
  logo: string;
  image: string;
  status: "open" | "closed";
  rating: number;
  preparationTimeMin: number;
  preparationTimeMax: number;
  priceCategory: "under_10" | "10_to_20" | "over_20";
  phone: string;
  email: string;
  categories: SeedCategory[];
}

// ---------------------------------------------------------------------------------------------
// Group builders
// ---------------------------------------------------------------------------------------------

/**
 * "Choose Portion Size": required single choice. Each option is [name, full price in pence];
 * the FIRST option is the default and must equal the item's pricePence.
 */
export function portionSize(...sizes: [name: string, pricePence: number][]): SeedAddonGroup {
  return {
    name: "Choose Portion Size",
    minQuantity: 1,
    maxQuantity: 1,
    isRequired: true,
    addons: sizes.map(([name, pricePence], index) =>
      index === 0 ? { name, pricePence, isDefault: true } : { name, pricePence },
    ),
  };
}

/** A required single choice (exactly one). Mark an option isDefault to preselect it. */
export function requiredChoice(name: string, addons: SeedAddon[]): SeedAddonGroup {
  return { name, minQuantity: 1, maxQuantity: 1, isRequired: true, addons };
}

/** An optional group: pick none, or up to maxQuantity options. */
export function optionalChoice(name: string, addons: SeedAddon[], maxQuantity = 3): SeedAddonGroup {
  return { name, minQuantity: 0, maxQuantity, isRequired: false, addons };
}

/** "Frequently Bought Together": optional, up to three sides/drinks from the same trailer. */
export function frequentlyBoughtTogether(addons: SeedAddon[]): SeedAddonGroup {
  return optionalChoice("Frequently Bought Together", addons, 3);
}

const vendorLogo = (slug: string) => `/images/vendors/${slug}-logo.svg`;
const vendorHero = (slug: string) => `/images/vendors/${slug}-hero.svg`;

// Shared drink images (several trailers sell the same can).
const COKE_ZERO_IMAGE = "/images/items/drink-can-coke-zero.svg";

// ---------------------------------------------------------------------------------------------
// Forno & Fuoco — wood-fired pizza
// ---------------------------------------------------------------------------------------------

const pizzaToppings = optionalChoice("Extra toppings", [
  { name: "Extra fior di latte", pricePence: 120, allergens: ["milk"] },
  { name: "Nduja", pricePence: 150 },
  { name: "Roast mushrooms", pricePence: 100 },
  { name: "Black olives", pricePence: 80 },
  { name: "Anchovies", pricePence: 120, allergens: ["fish"] },
  { name: "Fresh rocket", pricePence: 80 },
  { name: "Jalapeños", pricePence: 80 },
]);

const pizzaCrustDips = optionalChoice(
  "Crust dips",
  [
    { name: "Garlic & herb mayo", pricePence: 0, allergens: ["eggs", "mustard"] },
    { name: "Hot honey", pricePence: 80 },
    { name: "Chilli oil", pricePence: 60 },
  ],
  2,
);

const pizzaExtras = frequentlyBoughtTogether([
  { name: "Garlic Dough Balls", pricePence: 550, allergens: ["gluten", "milk"] },
  { name: "San Pellegrino Limonata", pricePence: 300 },
  { name: "Tiramisu", pricePence: 600, allergens: ["gluten", "eggs", "milk", "sulphites"] },
]);

const forno: SeedVendor = {
  slug: "forno-fuoco",
  name: "Forno & Fuoco",
  description:
    "Neapolitan-style sourdough pizzas blistered in ninety seconds in our 450°C wood-fired oven. Slow-proved dough, San Marzano tomatoes and proper fior di latte.",
  logo: vendorLogo("forno-fuoco"),
  image: vendorHero("forno-fuoco"),
  status: "open",
  rating: 4.7,
  preparationTimeMin: 10,
  preparationTimeMax: 15,
  priceCategory: "10_to_20",
  phone: "07700 900101",
  email: "forno-fuoco@foodpark.test",
  categories: [
    {
      name: "Pizzas",
      items: [
        {
          name: "Margherita",
          description:
            "San Marzano tomato, fior di latte, fresh basil and a swirl of extra virgin olive oil on our 48-hour sourdough.",
          pricePence: 950,
          image: "/images/items/forno-fuoco-margherita.svg",
          allergens: ["gluten", "milk"],
          badges: ["best_seller"],
          addonGroups: [
            portionSize(['10" Regular', 950], ['12" Large', 1250]),
            pizzaToppings,
            pizzaCrustDips,
            pizzaExtras,
          ],
        },
        {
          name: "Pepperoni",
          description:
            "Tomato, fior di latte and a generous layer of pepperoni that crisps into little cups in the oven.",
          pricePence: 1150,
          image: "/images/items/forno-fuoco-pepperoni.svg",
          allergens: ["gluten", "milk"],
          badges: ["most_favourite"],
          addonGroups: [
            portionSize(['10" Regular', 1150], ['12" Large', 1450]),
            pizzaToppings,
            pizzaCrustDips,
            pizzaExtras,
          ],
        },
        {
          name: "Nduja & Hot Honey",
          description:
            "Spicy Calabrian nduja, fior di latte and tomato, finished with a drizzle of chilli-infused honey.",
          pricePence: 1250,
          image: "/images/items/forno-fuoco-nduja-hot-honey.svg",
          allergens: ["gluten", "milk"],
          addonGroups: [
            portionSize(['10" Regular', 1250], ['12" Large', 1550]),
            pizzaToppings,
            pizzaExtras,
          ],
        },
        {
          name: "Funghi Bianca",
          description:
            "A white base of fior di latte with roast mushrooms, garlic, thyme and a few drops of truffle oil.",
          pricePence: 1150,
          image: "/images/items/forno-fuoco-funghi-bianca.svg",
          allergens: ["gluten", "milk"],
          addonGroups: [portionSize(['10" Regular', 1150], ['12" Large', 1450]), pizzaToppings],
        },
        {
          name: "Pesto Genovese",
          description:
            "Basil and cashew pesto with fior di latte, blistered cherry tomatoes and shaved Parmesan.",
          pricePence: 1200,
          image: "/images/items/forno-fuoco-pesto-genovese.svg",
          allergens: ["gluten", "milk", "nuts"],
          addonGroups: [pizzaToppings],
        },
        {
          name: "Marinara",
          description:
            "The original Neapolitan: tomato, garlic, oregano and olive oil, with no cheese and fully vegan.",
          pricePence: 850,
          image: "/images/items/forno-fuoco-marinara.svg",
          allergens: ["gluten"],
          addonGroups: [portionSize(['10" Regular', 850], ['12" Large', 1100]), pizzaToppings],
        },
      ],
    },
    {
      name: "Sides",
      items: [
        {
          name: "Garlic Dough Balls",
          description:
            "Eight pillowy dough balls from the wood oven, tossed in garlic and parsley butter.",
          pricePence: 550,
          image: "/images/items/forno-fuoco-garlic-dough-balls.svg",
          allergens: ["gluten", "milk"],
          addonGroups: [pizzaCrustDips],
        },
        {
          name: "Rocket & Parmesan Salad",
          description:
            "Peppery rocket, shaved Parmesan and cherry tomatoes dressed with aged balsamic and olive oil.",
          pricePence: 450,
          image: "/images/items/forno-fuoco-rocket-parmesan-salad.svg",
          allergens: ["milk", "sulphites"],
        },
      ],
    },
    {
      name: "Desserts",
      items: [
        {
          name: "Nutella Calzoncino",
          description:
            "A little folded pizza-dough pocket stuffed with warm Nutella and dusted with icing sugar.",
          pricePence: 650,
          image: "/images/items/forno-fuoco-nutella-calzoncino.svg",
          allergens: ["gluten", "milk", "nuts", "soya"],
        },
        {
          name: "Tiramisu",
          description:
            "Espresso-soaked savoiardi layered with mascarpone cream, a splash of Marsala and cocoa, made every morning.",
          pricePence: 600,
          image: "/images/items/forno-fuoco-tiramisu.svg",
          allergens: ["gluten", "eggs", "milk", "sulphites"],
        },
      ],
    },
    {
      name: "Drinks",
      items: [
        {
          name: "San Pellegrino Limonata",
          description: "Sparkling Italian lemonade made with Sicilian lemons, 330ml can.",
          pricePence: 300,
          image: "/images/items/drink-can-limonata.svg",
          allergens: [],
        },
        {
          name: "Sparkling Water",
          description: "Chilled sparkling mineral water, 500ml bottle.",
          pricePence: 180,
          image: "/images/items/drink-bottle-water.svg",
          allergens: [],
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Smash Stack — smash burgers
// ---------------------------------------------------------------------------------------------

const burgerToppings = optionalChoice("Extra toppings", [
  { name: "Smoked streaky bacon", pricePence: 150 },
  { name: "Extra American cheese", pricePence: 80, allergens: ["milk"] },
  { name: "Pickled jalapeños", pricePence: 80 },
  { name: "Fried egg", pricePence: 120, allergens: ["eggs"] },
  { name: "Crispy onions", pricePence: 80, allergens: ["gluten"] },
  { name: "Hash brown", pricePence: 150 },
]);

const plantBurgerToppings = optionalChoice("Extra toppings", [
  { name: "Extra vegan cheese", pricePence: 80, allergens: ["soya"] },
  { name: "Pickled jalapeños", pricePence: 80 },
  { name: "Crispy onions", pricePence: 80, allergens: ["gluten"] },
  { name: "Smashed avocado", pricePence: 150 },
]);

const friesDips = optionalChoice("Dips", [
  { name: "Ketchup", pricePence: 0, isDefault: true },
  { name: "Mayo", pricePence: 0, allergens: ["eggs", "mustard"] },
  { name: "House sauce", pricePence: 50, allergens: ["eggs", "mustard", "sulphites"] },
  { name: "Chipotle mayo", pricePence: 50, allergens: ["eggs", "mustard"] },
]);

const burgerExtras = frequentlyBoughtTogether([
  { name: "Skin-on Fries", pricePence: 350 },
  { name: "Coke Zero", pricePence: 200 },
  { name: "Salted Caramel Shake", pricePence: 550, allergens: ["milk"] },
]);

const smash: SeedVendor = {
  slug: "smash-stack",
  name: "Smash Stack",
  description:
    "Dry-aged British beef smashed thin on a roaring-hot plancha for crispy, lacy edges, stacked in toasted brioche. Proper burgers, no fuss.",
  logo: vendorLogo("smash-stack"),
  image: vendorHero("smash-stack"),
  status: "open",
  rating: 4.6,
  preparationTimeMin: 8,
  preparationTimeMax: 12,
  priceCategory: "10_to_20",
  phone: "07700 900202",
  email: "smash-stack@foodpark.test",
  categories: [
    {
      name: "Burgers",
      items: [
        {
          name: "Classic Smash",
          description:
            "A dry-aged beef patty smashed crispy, with American cheese, pickles, diced onion and house sauce in a toasted brioche bun.",
          pricePence: 950,
          image: "/images/items/smash-stack-classic-smash.svg",
          allergens: ["gluten", "eggs", "milk", "mustard", "sulphites"],
          badges: ["best_seller"],
          addonGroups: [
            portionSize(["Single patty", 950], ["Double patty", 1250], ["Triple patty", 1550]),
            burgerToppings,
            burgerExtras,
          ],
        },
        {
          name: "Double Bacon Cheese",
          description:
            "Two smashed patties, double American cheese, smoked streaky bacon, ketchup and American mustard.",
          pricePence: 1350,
          image: "/images/items/smash-stack-double-bacon-cheese.svg",
          allergens: ["gluten", "eggs", "milk", "mustard"],
          badges: ["most_favourite"],
          addonGroups: [burgerToppings, burgerExtras],
        },
        {
          name: "Oklahoma Onion Smash",
          description:
            "Paper-thin onions smashed into the patty on the plancha until sweet and caramelised, with American cheese and mustard.",
          pricePence: 1050,
          image: "/images/items/smash-stack-oklahoma-onion-smash.svg",
          allergens: ["gluten", "eggs", "milk", "mustard"],
          addonGroups: [
            portionSize(["Single patty", 1050], ["Double patty", 1350]),
            burgerToppings,
            burgerExtras,
          ],
        },
        {
          name: "Buttermilk Chicken Burger",
          description:
            "Crispy buttermilk-brined chicken thigh with shredded lettuce, pickles and the sauce of your choice.",
          pricePence: 1100,
          image: "/images/items/smash-stack-buttermilk-chicken-burger.svg",
          allergens: ["gluten", "eggs", "milk", "sulphites"],
          addonGroups: [
            requiredChoice("Choose your sauce", [
              { name: "Sriracha mayo", pricePence: 0, allergens: ["eggs", "mustard"] },
              { name: "Garlic mayo", pricePence: 0, allergens: ["eggs", "mustard"] },
              { name: "Smoky BBQ", pricePence: 0 },
              { name: "Hot honey", pricePence: 0 },
              { name: "Truffle mayo", pricePence: 50, allergens: ["eggs", "mustard"] },
            ]),
            burgerToppings,
            burgerExtras,
          ],
        },
        {
          name: "Plant Smash",
          description:
            "A pea-protein patty smashed crispy with melty vegan cheese, pickles, lettuce and vegan house sauce in a soft vegan bun.",
          pricePence: 1050,
          image: "/images/items/smash-stack-plant-smash.svg",
          allergens: ["gluten", "mustard", "soya", "sulphites"],
          addonGroups: [plantBurgerToppings, burgerExtras],
        },
      ],
    },
    {
      name: "Sides",
      items: [
        {
          name: "Skin-on Fries",
          description: "Skin-on fries, cooked twice until crisp and tossed in sea salt.",
          pricePence: 350,
          image: "/images/items/smash-stack-skin-on-fries.svg",
          allergens: [],
          addonGroups: [portionSize(["Regular", 350], ["Large", 450]), friesDips],
        },
        {
          name: "Dirty Fries",
          description:
            "Fries smothered in cheese sauce with crispy bacon bits, pickled jalapeños and a zigzag of house sauce.",
          pricePence: 650,
          image: "/images/items/smash-stack-dirty-fries.svg",
          allergens: ["gluten", "eggs", "milk", "mustard", "sulphites"],
        },
        {
          name: "Onion Rings",
          description: "Thick-cut onion rings in a crisp lager batter.",
          pricePence: 450,
          image: "/images/items/smash-stack-onion-rings.svg",
          allergens: ["gluten"],
          addonGroups: [friesDips],
        },
      ],
    },
    {
      name: "Shakes & Drinks",
      items: [
        {
          name: "Salted Caramel Shake",
          description:
            "Thick vanilla soft-serve shake blended with salted caramel sauce and topped with whipped cream.",
          pricePence: 550,
          image: "/images/items/smash-stack-salted-caramel-shake.svg",
          allergens: ["milk"],
          addonGroups: [portionSize(["Regular", 550], ["Large", 650])],
        },
        {
          name: "Coke Zero",
          description: "Ice-cold Coca-Cola Zero Sugar, 330ml can.",
          pricePence: 200,
          image: COKE_ZERO_IMAGE,
          allergens: [],
        },
        {
          name: "Fentimans Ginger Beer",
          description: "Botanically brewed ginger beer with a proper fiery kick, 275ml bottle.",
          pricePence: 300,
          image: "/images/items/drink-bottle-ginger-beer.svg",
          allergens: [],
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Seoul Bird — Korean fried chicken
// ---------------------------------------------------------------------------------------------

const chickenGlaze = requiredChoice("Choose your glaze", [
  { name: "Gochujang", pricePence: 0, allergens: ["gluten", "soya", "sesame"] },
  { name: "Soy garlic", pricePence: 0, allergens: ["gluten", "soya"] },
  { name: "Honey butter", pricePence: 0, allergens: ["milk"] },
  { name: "Snow cheese", pricePence: 80, allergens: ["milk"] },
  { name: "Naked (no glaze)", pricePence: 0 },
]);

const chickenExtras = frequentlyBoughtTogether([
  {
    name: "Kimchi Fries",
    pricePence: 650,
    allergens: ["gluten", "soya", "milk", "eggs", "mustard", "fish", "crustaceans"],
  },
  { name: "Pickled Radish", pricePence: 200 },
  { name: "Milkis", pricePence: 250, allergens: ["milk", "soya"] },
]);

const seoul: SeedVendor = {
  slug: "seoul-bird",
  name: "Seoul Bird",
  description:
    "Double-fried Korean chicken with a shatteringly crisp crust, glazed to order in sticky gochujang or soy garlic. Proper crunch, big flavour.",
  logo: vendorLogo("seoul-bird"),
  image: vendorHero("seoul-bird"),
  status: "open",
  rating: 4.8,
  preparationTimeMin: 12,
  preparationTimeMax: 16,
  priceCategory: "10_to_20",
  phone: "07700 900303",
  email: "seoul-bird@foodpark.test",
  categories: [
    {
      name: "Chicken",
      items: [
        {
          name: "Yangnyeom Wings",
          description:
            "Double-fried wings lacquered in sweet and spicy gochujang glaze, showered with sesame seeds and spring onion.",
          pricePence: 850,
          image: "/images/items/seoul-bird-yangnyeom-wings.svg",
          allergens: ["gluten", "soya", "sesame"],
          badges: ["most_favourite"],
          addonGroups: [
            portionSize(["6 wings", 850], ["10 wings", 1250], ["16 wings (to share)", 1850]),
            chickenExtras,
          ],
        },
        {
          name: "Soy Garlic Wings",
          description:
            "Crisp double-fried wings glazed in sticky soy, garlic and honey with toasted sesame.",
          pricePence: 850,
          image: "/images/items/seoul-bird-soy-garlic-wings.svg",
          allergens: ["gluten", "soya", "sesame"],
          addonGroups: [
            portionSize(["6 wings", 850], ["10 wings", 1250], ["16 wings (to share)", 1850]),
            chickenExtras,
          ],
        },
        {
          name: "Boneless Chicken Box",
          description:
            "Crunchy boneless thigh bites over steamed rice with sesame slaw, glazed in the sauce you choose.",
          pricePence: 1050,
          image: "/images/items/seoul-bird-boneless-chicken-box.svg",
          allergens: ["gluten", "soya", "sesame"],
          badges: ["best_seller"],
          addonGroups: [
            portionSize(["Regular", 1050], ["Large", 1350]),
            chickenGlaze,
            chickenExtras,
          ],
        },
        {
          name: "Korean Fried Chicken Burger",
          description:
            "Gochujang-glazed crispy thigh with sesame slaw and Kewpie mayo in a toasted brioche bun.",
          pricePence: 1150,
          image: "/images/items/seoul-bird-korean-fried-chicken-burger.svg",
          allergens: ["gluten", "eggs", "milk", "mustard", "sesame", "soya"],
          addonGroups: [
            optionalChoice("Extra toppings", [
              { name: "American cheese", pricePence: 80, allergens: ["milk"] },
              { name: "Kimchi", pricePence: 100, allergens: ["fish", "crustaceans"] },
              { name: "Pickled jalapeños", pricePence: 80 },
            ]),
            chickenExtras,
          ],
        },
        {
          name: "Crispy Tofu Bites",
          description:
            "Cubes of tofu fried until crackly and tossed in your choice of vegan glaze.",
          pricePence: 850,
          image: "/images/items/seoul-bird-crispy-tofu-bites.svg",
          allergens: ["gluten", "soya"],
          addonGroups: [
            requiredChoice("Choose your glaze", [
              {
                name: "Soy garlic",
                pricePence: 0,
                isDefault: true,
                allergens: ["gluten", "soya"],
              },
              { name: "Gochujang", pricePence: 0, allergens: ["gluten", "soya", "sesame"] },
              { name: "Sweet chilli", pricePence: 0 },
            ]),
          ],
        },
      ],
    },
    {
      name: "Sides",
      items: [
        {
          name: "Kimchi Fries",
          description:
            "Fries loaded with fried kimchi, melted cheese, gochujang mayo and spring onion.",
          pricePence: 650,
          image: "/images/items/seoul-bird-kimchi-fries.svg",
          allergens: ["gluten", "soya", "milk", "eggs", "mustard", "fish", "crustaceans"],
        },
        {
          name: "Tteokbokki",
          description: "Chewy rice cakes and fish cake simmered in a sweet, fiery gochujang sauce.",
          pricePence: 650,
          image: "/images/items/seoul-bird-tteokbokki.svg",
          allergens: ["gluten", "soya", "fish", "sesame"],
        },
        {
          name: "Sesame Slaw",
          description:
            "Crunchy cabbage and carrot slaw in a toasted sesame and rice vinegar dressing.",
          pricePence: 300,
          image: "/images/items/seoul-bird-sesame-slaw.svg",
          allergens: ["sesame", "soya", "gluten"],
        },
        {
          name: "Pickled Radish",
          description:
            "Cubes of sweet, sharp pickled daikon: the classic palate cleanser for fried chicken.",
          pricePence: 200,
          image: "/images/items/seoul-bird-pickled-radish.svg",
          allergens: [],
        },
      ],
    },
    {
      name: "Drinks",
      items: [
        {
          name: "Milkis",
          description: "Creamy, fizzy Korean milk soda, 250ml can.",
          pricePence: 250,
          image: "/images/items/drink-can-milkis.svg",
          allergens: ["milk", "soya"],
        },
        {
          name: "Yuzu Lemonade",
          description: "House-made sparkling lemonade with fragrant yuzu and a little honey.",
          pricePence: 350,
          image: "/images/items/seoul-bird-yuzu-lemonade.svg",
          allergens: [],
        },
        {
          name: "Coke Zero",
          description: "Ice-cold Coca-Cola Zero Sugar, 330ml can.",
          pricePence: 200,
          image: COKE_ZERO_IMAGE,
          allergens: [],
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// The Green Bowl — vegan bowls
// ---------------------------------------------------------------------------------------------

const bowlBase = requiredChoice("Choose your base", [
  { name: "Brown rice", pricePence: 0 },
  { name: "Quinoa", pricePence: 0 },
  { name: "Mixed leaves", pricePence: 0 },
  { name: "Soba noodles", pricePence: 80, allergens: ["gluten"] },
]);

const bowlToppings = optionalChoice("Extra toppings", [
  { name: "Avocado", pricePence: 150 },
  { name: "Extra tofu", pricePence: 150, allergens: ["soya"] },
  { name: "Falafel (3)", pricePence: 150 },
  { name: "Toasted seed mix", pricePence: 80, allergens: ["sesame"] },
  { name: "Pickled red onion", pricePence: 80, allergens: ["sulphites"] },
  { name: "Vegan kimchi", pricePence: 100 },
]);

const bowlExtras = frequentlyBoughtTogether([
  { name: "Sweet Potato Wedges", pricePence: 400, allergens: ["soya", "mustard"] },
  { name: "Edamame", pricePence: 350, allergens: ["soya"] },
  { name: "Cold-pressed Green Juice", pricePence: 450, allergens: ["celery"] },
]);

const green: SeedVendor = {
  slug: "green-bowl",
  name: "The Green Bowl",
  description:
    "Colourful, 100% plant-based bowls built on warm grains and crunchy veg, finished with punchy house dressings. Good food that just happens to be vegan.",
  logo: vendorLogo("green-bowl"),
  image: vendorHero("green-bowl"),
  status: "open",
  rating: 4.5,
  preparationTimeMin: 6,
  preparationTimeMax: 10,
  priceCategory: "10_to_20",
  phone: "01632 960404",
  email: "green-bowl@foodpark.test",
  categories: [
    {
      name: "Bowls",
      items: [
        {
          name: "Buddha Bowl",
          description:
            "Roasted sweet potato, spiced chickpeas, avocado, red cabbage and pomegranate on brown rice with lemon tahini.",
          pricePence: 950,
          image: "/images/items/green-bowl-buddha-bowl.svg",
          allergens: ["sesame"],
          addonGroups: [portionSize(["Regular", 950], ["Large", 1200]), bowlToppings, bowlExtras],
        },
        {
          name: "Teriyaki Tofu Bowl",
          description:
            "Sticky teriyaki tofu, edamame, pickled ginger, carrot ribbons and cucumber on sushi rice, finished with sesame.",
          pricePence: 1050,
          image: "/images/items/green-bowl-teriyaki-tofu-bowl.svg",
          allergens: ["gluten", "soya", "sesame", "sulphites"],
          addonGroups: [portionSize(["Regular", 1050], ["Large", 1300]), bowlToppings, bowlExtras],
        },
        {
          name: "Falafel Bowl",
          description:
            "Herby falafel, smoky hummus, bulgur tabbouleh and pickled red onion with a generous drizzle of tahini.",
          pricePence: 1000,
          image: "/images/items/green-bowl-falafel-bowl.svg",
          allergens: ["gluten", "sesame", "sulphites"],
          addonGroups: [portionSize(["Regular", 1000], ["Large", 1250]), bowlToppings, bowlExtras],
        },
        {
          name: "Satay Noodle Bowl",
          description:
            "Rice noodles, crunchy veg and crispy tofu in a rich peanut satay sauce with lime and coriander.",
          pricePence: 1050,
          image: "/images/items/green-bowl-satay-noodle-bowl.svg",
          allergens: ["peanuts", "soya", "gluten"],
          badges: ["best_seller"],
          addonGroups: [portionSize(["Regular", 1050], ["Large", 1300]), bowlToppings, bowlExtras],
        },
        {
          name: "Black Bean Burrito Bowl",
          description:
            "Chipotle black beans, charred corn, pico de gallo and guacamole over your choice of base, with cashew crema.",
          pricePence: 950,
          image: "/images/items/green-bowl-black-bean-burrito-bowl.svg",
          allergens: ["nuts"],
          addonGroups: [
            portionSize(["Regular", 950], ["Large", 1200]),
            bowlBase,
            bowlToppings,
            bowlExtras,
          ],
        },
        {
          name: "Build Your Own Bowl",
          description:
            "Pick a base, a protein and up to three toppings; we add seasonal veg and our lemon tahini dressing.",
          pricePence: 850,
          image: "/images/items/green-bowl-build-your-own-bowl.svg",
          allergens: ["sesame"],
          addonGroups: [
            bowlBase,
            requiredChoice("Choose your protein", [
              { name: "Teriyaki tofu", pricePence: 0, allergens: ["soya", "gluten"] },
              { name: "Falafel", pricePence: 0 },
              { name: "Spiced chickpeas", pricePence: 0 },
              { name: "Smoked tempeh", pricePence: 80, allergens: ["soya"] },
            ]),
            bowlToppings,
          ],
        },
      ],
    },
    {
      name: "Sides",
      items: [
        {
          name: "Sweet Potato Wedges",
          description:
            "Skin-on sweet potato wedges with smoked paprika and a chipotle vegan mayo dip.",
          pricePence: 400,
          image: "/images/items/green-bowl-sweet-potato-wedges.svg",
          allergens: ["soya", "mustard"],
        },
        {
          name: "Edamame",
          description: "Steamed edamame tossed in sea salt, chilli flakes and a squeeze of lime.",
          pricePence: 350,
          image: "/images/items/green-bowl-edamame.svg",
          allergens: ["soya"],
        },
        {
          name: "Hummus & Flatbread",
          description: "Silky hummus with olive oil and za'atar, served with warm flatbread.",
          pricePence: 450,
          image: "/images/items/green-bowl-hummus-flatbread.svg",
          allergens: ["gluten", "sesame"],
        },
      ],
    },
    {
      name: "Drinks",
      items: [
        {
          name: "Cold-pressed Green Juice",
          description: "Apple, cucumber, kale, celery and ginger, pressed fresh every morning.",
          pricePence: 450,
          image: "/images/items/green-bowl-cold-pressed-green-juice.svg",
          allergens: ["celery"],
        },
        {
          name: "Raspberry Kombucha",
          description: "Lightly sparkling, small-batch raspberry kombucha from a Devon brewery.",
          pricePence: 350,
          image: "/images/items/green-bowl-raspberry-kombucha.svg",
          allergens: [],
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// The Codfather — fish and chips
// ---------------------------------------------------------------------------------------------

const chippySauces = optionalChoice(
  "Sauces",
  [
    { name: "Tartare sauce", pricePence: 0, allergens: ["eggs", "mustard"] },
    { name: "Ketchup", pricePence: 0 },
    { name: "Curry sauce", pricePence: 100, allergens: ["gluten", "celery", "mustard"] },
    { name: "Gravy", pricePence: 100, allergens: ["gluten", "celery"] },
  ],
  2,
);

const chippyExtras = frequentlyBoughtTogether([
  { name: "Mushy Peas", pricePence: 250 },
  { name: "Pickled Onion", pricePence: 80, allergens: ["gluten"] },
  { name: "Irn-Bru", pricePence: 200 },
]);

const codfather: SeedVendor = {
  slug: "the-codfather",
  name: "The Codfather",
  description:
    "MSC-certified cod and haddock in a crisp beer batter with chunky chips, fried to order. Proper seaside fish and chips, no sea required.",
  logo: vendorLogo("the-codfather"),
  image: vendorHero("the-codfather"),
  status: "open",
  rating: 4.4,
  preparationTimeMin: 12,
  preparationTimeMax: 18,
  priceCategory: "10_to_20",
  phone: "01632 960505",
  email: "the-codfather@foodpark.test",
  categories: [
    {
      name: "Fish & Chips",
      items: [
        {
          name: "Cod & Chips",
          description:
            "Flaky MSC cod in a crisp beer batter with a big portion of chunky chips and a wedge of lemon.",
          pricePence: 1150,
          image: "/images/items/the-codfather-cod-chips.svg",
          allergens: ["fish", "gluten"],
          badges: ["best_seller"],
          addonGroups: [
            portionSize(["Regular", 1150], ["Large", 1450]),
            chippySauces,
            chippyExtras,
          ],
        },
        {
          name: "Haddock & Chips",
          description:
            "Sweet, flaky MSC haddock in a crisp beer batter with chunky chips and a wedge of lemon.",
          pricePence: 1250,
          image: "/images/items/the-codfather-haddock-chips.svg",
          allergens: ["fish", "gluten"],
          addonGroups: [
            portionSize(["Regular", 1250], ["Large", 1550]),
            chippySauces,
            chippyExtras,
          ],
        },
        {
          name: "Scampi & Chips",
          description:
            "Breaded wholetail scampi with chunky chips, lemon and a pot of tartare sauce.",
          pricePence: 1100,
          image: "/images/items/the-codfather-scampi-chips.svg",
          allergens: ["crustaceans", "gluten", "eggs", "mustard"],
          addonGroups: [chippyExtras],
        },
        {
          name: "Battered Sausage & Chips",
          description: "A proper pork sausage dipped in beer batter and fried golden, with chips.",
          pricePence: 750,
          image: "/images/items/the-codfather-battered-sausage-chips.svg",
          allergens: ["gluten", "sulphites"],
          addonGroups: [chippySauces, chippyExtras],
        },
        {
          name: "Halloumi & Chips",
          description:
            "Thick slices of halloumi in beer batter with chunky chips: the veggie chippy favourite.",
          pricePence: 950,
          image: "/images/items/the-codfather-halloumi-chips.svg",
          allergens: ["milk", "gluten"],
          addonGroups: [chippySauces, chippyExtras],
        },
        {
          name: "Fishcake & Chips",
          description:
            "Two homemade salmon and potato fishcakes in golden breadcrumbs, with chunky chips.",
          pricePence: 850,
          image: "/images/items/the-codfather-fishcake-chips.svg",
          allergens: ["fish", "gluten", "eggs", "milk"],
          addonGroups: [chippySauces, chippyExtras],
        },
      ],
    },
    {
      name: "Sides",
      items: [
        {
          name: "Chips",
          description: "Chunky chips, fried until fluffy inside and golden outside.",
          pricePence: 350,
          image: "/images/items/the-codfather-chips.svg",
          allergens: [],
          badges: ["most_favourite"],
          addonGroups: [
            portionSize(["Regular", 350], ["Large", 450]),
            optionalChoice(
              "Seasoning",
              [
                { name: "Salt", pricePence: 0, isDefault: true },
                { name: "Malt vinegar", pricePence: 0, allergens: ["gluten"] },
                { name: "Chip spice", pricePence: 30 },
              ],
              3,
            ),
          ],
        },
        {
          name: "Mushy Peas",
          description: "Slow-cooked marrowfat peas, thick, comforting and properly mushy.",
          pricePence: 250,
          image: "/images/items/the-codfather-mushy-peas.svg",
          allergens: [],
        },
        {
          name: "Curry Sauce",
          description: "Chip-shop curry sauce, mild, fruity and made for dunking chips.",
          pricePence: 250,
          image: "/images/items/the-codfather-curry-sauce.svg",
          allergens: ["gluten", "celery", "mustard"],
        },
        {
          name: "Pickled Onion",
          description: "A big, crunchy onion pickled in malt vinegar.",
          pricePence: 80,
          image: "/images/items/the-codfather-pickled-onion.svg",
          allergens: ["gluten"],
        },
        {
          name: "Bread & Butter",
          description:
            "Two slices of soft white bloomer with salted butter, for building your own chip butty.",
          pricePence: 150,
          image: "/images/items/the-codfather-bread-butter.svg",
          allergens: ["gluten", "milk"],
        },
      ],
    },
    {
      name: "Drinks",
      items: [
        {
          name: "Irn-Bru",
          description: "Scotland's other national drink, 330ml can.",
          pricePence: 200,
          image: "/images/items/drink-can-irn-bru.svg",
          allergens: [],
        },
        {
          name: "Dandelion & Burdock",
          description: "Old-fashioned, botanically brewed dandelion and burdock, 275ml bottle.",
          pricePence: 300,
          image: "/images/items/drink-bottle-dandelion-burdock.svg",
          allergens: [],
        },
        {
          name: "Mug of Tea",
          description: "A strong mug of Yorkshire Tea, made how you like it.",
          pricePence: 180,
          image: "/images/items/the-codfather-mug-of-tea.svg",
          allergens: [],
          addonGroups: [
            requiredChoice("Choose your milk", [
              { name: "Semi-skimmed milk", pricePence: 0, isDefault: true, allergens: ["milk"] },
              { name: "Oat milk", pricePence: 30, allergens: ["gluten"] },
              { name: "No milk", pricePence: 0 },
            ]),
          ],
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Taco Libre — tacos
// ---------------------------------------------------------------------------------------------

const tacoSalsa = requiredChoice("Choose your salsa", [
  { name: "Salsa verde (mild)", pricePence: 0 },
  { name: "Pico de gallo (mild)", pricePence: 0 },
  { name: "Salsa roja (hot)", pricePence: 0 },
  { name: "Habanero (very hot)", pricePence: 0 },
]);

const tacoToppings = optionalChoice("Extra toppings", [
  { name: "Guacamole", pricePence: 150 },
  { name: "Pickled jalapeños", pricePence: 80 },
  { name: "Cotija cheese", pricePence: 100, allergens: ["milk"] },
  { name: "Sour cream", pricePence: 80, allergens: ["milk"] },
  { name: "Pickled red onion", pricePence: 80 },
]);

const tacoExtras = frequentlyBoughtTogether([
  { name: "Chips & Guac", pricePence: 450 },
  { name: "Elote", pricePence: 450, allergens: ["eggs", "mustard", "milk"] },
  { name: "Jarritos Mandarin", pricePence: 300 },
]);

const tacos: SeedVendor = {
  slug: "taco-libre",
  name: "Taco Libre",
  description:
    "Hand-pressed corn tortillas loaded with slow-cooked fillings, fresh salsas and plenty of lime. Loud flavours, small prices.",
  logo: vendorLogo("taco-libre"),
  image: vendorHero("taco-libre"),
  status: "open",
  rating: 4.3,
  preparationTimeMin: 6,
  preparationTimeMax: 10,
  priceCategory: "under_10",
  phone: "07700 900606",
  email: "taco-libre@foodpark.test",
  categories: [
    {
      name: "Tacos",
      items: [
        {
          name: "Al Pastor Tacos",
          description:
            "Two tacos of achiote-marinated pork shaved from the spit, with charred pineapple, onion and coriander.",
          pricePence: 750,
          image: "/images/items/taco-libre-al-pastor-tacos.svg",
          allergens: [],
          badges: ["best_seller"],
          addonGroups: [
            portionSize(["2 tacos", 750], ["3 tacos", 1050]),
            tacoSalsa,
            tacoToppings,
            tacoExtras,
          ],
        },
        {
          name: "Birria Tacos",
          description:
            "Cheese-crisped tacos stuffed with chilli-braised beef, served with a cup of rich consommé for dipping.",
          pricePence: 850,
          image: "/images/items/taco-libre-birria-tacos.svg",
          allergens: ["milk", "celery"],
          badges: ["most_favourite"],
          addonGroups: [portionSize(["2 tacos", 850], ["3 tacos", 1200]), tacoToppings, tacoExtras],
        },
        {
          name: "Carnitas Tacos",
          description:
            "Two tacos of slow-braised pork shoulder with crispy edges, onion, coriander and lime.",
          pricePence: 750,
          image: "/images/items/taco-libre-carnitas-tacos.svg",
          allergens: [],
          addonGroups: [
            portionSize(["2 tacos", 750], ["3 tacos", 1050]),
            tacoSalsa,
            tacoToppings,
            tacoExtras,
          ],
        },
        {
          name: "Baja Fish Tacos",
          description: "Beer-battered cod with shredded cabbage, pico de gallo and chipotle mayo.",
          pricePence: 850,
          image: "/images/items/taco-libre-baja-fish-tacos.svg",
          allergens: ["fish", "gluten", "eggs", "mustard"],
          addonGroups: [tacoSalsa, tacoToppings, tacoExtras],
        },
        {
          name: "Garlic Chilli Prawn Tacos",
          description:
            "Prawns sizzled in garlic butter and guajillo chilli with lime crema and crunchy lettuce.",
          pricePence: 900,
          image: "/images/items/taco-libre-garlic-chilli-prawn-tacos.svg",
          allergens: ["crustaceans", "milk"],
          addonGroups: [tacoSalsa, tacoToppings],
        },
        {
          name: "Cauliflower al Pastor Tacos",
          description:
            "Roasted achiote cauliflower with charred pineapple, avocado salsa and toasted pumpkin seeds, fully vegan.",
          pricePence: 700,
          image: "/images/items/taco-libre-cauliflower-al-pastor-tacos.svg",
          allergens: [],
          addonGroups: [tacoSalsa, tacoExtras],
        },
      ],
    },
    {
      name: "Sides",
      items: [
        {
          name: "Loaded Nachos",
          description:
            "Corn tortilla chips with melted cheese, black beans, pico de gallo, sour cream and jalapeños.",
          pricePence: 650,
          image: "/images/items/taco-libre-loaded-nachos.svg",
          allergens: ["milk"],
          addonGroups: [tacoToppings],
        },
        {
          name: "Elote",
          description:
            "Charred corn on the cob rolled in chipotle mayo, crumbled cotija, chilli and lime.",
          pricePence: 450,
          image: "/images/items/taco-libre-elote.svg",
          allergens: ["eggs", "mustard", "milk"],
        },
        {
          name: "Chips & Guac",
          description: "Freshly fried tortilla chips with chunky guacamole made to order.",
          pricePence: 450,
          image: "/images/items/taco-libre-chips-guac.svg",
          allergens: [],
        },
      ],
    },
    {
      name: "Drinks",
      items: [
        {
          name: "Jarritos Mandarin",
          description: "Mexico's favourite fruity soda, made with real cane sugar, 370ml bottle.",
          pricePence: 300,
          image: "/images/items/drink-bottle-jarritos-mandarin.svg",
          allergens: [],
        },
        {
          name: "Horchata",
          description: "Chilled rice and almond milk drink with cinnamon and vanilla.",
          pricePence: 350,
          image: "/images/items/taco-libre-horchata.svg",
          allergens: ["nuts"],
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Bean Machine — speciality coffee
// ---------------------------------------------------------------------------------------------

/** Milk options; the iced latte has no preselected milk, so the customer must choose. */
const milkOptions = (preselectWholeMilk: boolean): SeedAddon[] => [
  { name: "Whole milk", pricePence: 0, isDefault: preselectWholeMilk, allergens: ["milk"] },
  { name: "Semi-skimmed milk", pricePence: 0, allergens: ["milk"] },
  { name: "Oat milk", pricePence: 40, allergens: ["gluten"] },
  { name: "Soya milk", pricePence: 40, allergens: ["soya"] },
  { name: "Almond milk", pricePence: 40, allergens: ["nuts"] },
];

const coffeeMilk = requiredChoice("Choose your milk", milkOptions(true));
const icedMilk = requiredChoice("Choose your milk", milkOptions(false));

const coffeeExtras = optionalChoice("Extra shots & syrups", [
  { name: "Extra espresso shot", pricePence: 60 },
  { name: "Vanilla syrup", pricePence: 50 },
  { name: "Caramel syrup", pricePence: 50 },
  { name: "Hazelnut syrup", description: "Flavouring only; contains no nuts.", pricePence: 50 },
]);

const coffeeBakes = frequentlyBoughtTogether([
  { name: "Almond Croissant", pricePence: 350, allergens: ["gluten", "milk", "eggs", "nuts"] },
  { name: "Cinnamon Bun", pricePence: 320, allergens: ["gluten", "milk", "eggs"] },
  { name: "Banana Bread", pricePence: 300, allergens: ["gluten", "eggs", "milk", "nuts"] },
]);

const coffee: SeedVendor = {
  slug: "bean-machine",
  name: "Bean Machine",
  description:
    "Seasonal single-origin espresso from a small Bristol roastery, pulled with care on a twin-group machine. Plus bakes that go far too well with it.",
  logo: vendorLogo("bean-machine"),
  image: vendorHero("bean-machine"),
  status: "open",
  rating: 4.9,
  preparationTimeMin: 3,
  preparationTimeMax: 6,
  priceCategory: "under_10",
  phone: "07700 900707",
  email: "bean-machine@foodpark.test",
  categories: [
    {
      name: "Coffee & Hot Drinks",
      items: [
        {
          name: "Flat White",
          description:
            "A double ristretto with silky micro-foamed milk, strong, smooth and our most-ordered drink.",
          pricePence: 340,
          image: "/images/items/bean-machine-flat-white.svg",
          allergens: ["milk"],
          badges: ["best_seller"],
          addonGroups: [coffeeMilk, coffeeExtras, coffeeBakes],
        },
        {
          name: "Latte",
          description: "Double espresso with plenty of steamed milk and a thin layer of foam.",
          pricePence: 360,
          image: "/images/items/bean-machine-latte.svg",
          allergens: ["milk"],
          addonGroups: [
            portionSize(["Regular (12oz)", 360], ["Large (16oz)", 410]),
            coffeeMilk,
            coffeeExtras,
            coffeeBakes,
          ],
        },
        {
          name: "Cappuccino",
          description: "Double espresso under a deep cap of velvety foam, dusted with cocoa.",
          pricePence: 350,
          image: "/images/items/bean-machine-cappuccino.svg",
          allergens: ["milk"],
          addonGroups: [
            portionSize(["Regular (12oz)", 350], ["Large (16oz)", 400]),
            coffeeMilk,
            coffeeExtras,
            coffeeBakes,
          ],
        },
        {
          name: "Americano",
          description: "Double espresso topped up with hot water: bright, chocolatey and clean.",
          pricePence: 300,
          image: "/images/items/bean-machine-americano.svg",
          allergens: [],
          addonGroups: [
            portionSize(["Regular (12oz)", 300], ["Large (16oz)", 340]),
            coffeeExtras,
            coffeeBakes,
          ],
        },
        {
          name: "Espresso",
          description: "A double shot of this month's single origin, pulled short and sweet.",
          pricePence: 250,
          image: "/images/items/bean-machine-espresso.svg",
          allergens: [],
        },
        {
          name: "Iced Latte",
          description: "Double espresso poured over ice with your choice of cold milk.",
          pricePence: 390,
          image: "/images/items/bean-machine-iced-latte.svg",
          allergens: [],
          addonGroups: [icedMilk, coffeeExtras],
        },
        {
          name: "Chai Latte",
          description: "Spiced black-tea chai with steamed milk and a dusting of cinnamon.",
          pricePence: 380,
          image: "/images/items/bean-machine-chai-latte.svg",
          allergens: ["milk"],
          addonGroups: [portionSize(["Regular (12oz)", 380], ["Large (16oz)", 430]), coffeeMilk],
        },
        {
          name: "Hot Chocolate",
          description: "Belgian dark chocolate melted into steamed milk, rich but not too sweet.",
          pricePence: 380,
          image: "/images/items/bean-machine-hot-chocolate.svg",
          allergens: ["milk", "soya"],
          addonGroups: [
            portionSize(["Regular (12oz)", 380], ["Large (16oz)", 430]),
            coffeeMilk,
            optionalChoice(
              "Toppings",
              [
                { name: "Whipped cream", pricePence: 0, allergens: ["milk"] },
                { name: "Mini marshmallows", pricePence: 50 },
              ],
              2,
            ),
          ],
        },
      ],
    },
    {
      name: "Bakes",
      items: [
        {
          name: "Almond Croissant",
          description:
            "Twice-baked butter croissant filled with frangipane and topped with flaked almonds.",
          pricePence: 350,
          image: "/images/items/bean-machine-almond-croissant.svg",
          allergens: ["gluten", "milk", "eggs", "nuts"],
          badges: ["most_favourite"],
        },
        {
          name: "Cinnamon Bun",
          description: "A soft cardamom and cinnamon swirl bun with a sticky sugar glaze.",
          pricePence: 320,
          image: "/images/items/bean-machine-cinnamon-bun.svg",
          allergens: ["gluten", "milk", "eggs"],
        },
        {
          name: "Banana Bread",
          description: "A thick slice of moist banana and walnut loaf, lovely toasted with butter.",
          pricePence: 300,
          image: "/images/items/bean-machine-banana-bread.svg",
          allergens: ["gluten", "eggs", "milk", "nuts"],
        },
        {
          name: "Cheese & Marmite Toastie",
          description:
            "Mature Cheddar and a thin layer of Marmite on buttered sourdough, pressed until golden.",
          pricePence: 550,
          image: "/images/items/bean-machine-cheese-marmite-toastie.svg",
          allergens: ["gluten", "milk", "celery"],
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// Churro Loco — churros (closed today)
// ---------------------------------------------------------------------------------------------

const churroExtras = frequentlyBoughtTogether([
  { name: "Spanish Hot Chocolate", pricePence: 350, allergens: ["milk", "soya"] },
  { name: "Café con Leche", pricePence: 300, allergens: ["milk"] },
  { name: "Fresh Orange Juice", pricePence: 300 },
]);

const churros: SeedVendor = {
  slug: "churro-loco",
  name: "Churro Loco",
  description:
    "Golden, crunchy churros piped and fried fresh to order, rolled in cinnamon sugar. Thick Spanish-style chocolate for dunking is non-negotiable.",
  logo: vendorLogo("churro-loco"),
  image: vendorHero("churro-loco"),
  status: "closed",
  rating: 4.2,
  preparationTimeMin: 5,
  preparationTimeMax: 8,
  priceCategory: "under_10",
  phone: "01632 960808",
  email: "churro-loco@foodpark.test",
  categories: [
    {
      name: "Churros",
      items: [
        {
          name: "Classic Churros",
          description:
            "Freshly piped churros, fried golden and rolled in cinnamon sugar, with a dip of your choice.",
          pricePence: 450,
          image: "/images/items/churro-loco-classic-churros.svg",
          allergens: ["gluten"],
          badges: ["best_seller"],
          addonGroups: [
            portionSize(["5 churros", 450], ["8 churros", 650], ["12 churros (to share)", 900]),
            requiredChoice("Choose your dip", [
              {
                name: "Dark chocolate",
                pricePence: 0,
                isDefault: true,
                allergens: ["milk", "soya"],
              },
              { name: "Dulce de leche", pricePence: 0, allergens: ["milk"] },
              { name: "Salted caramel", pricePence: 0, allergens: ["milk"] },
              { name: "Biscoff", pricePence: 50, allergens: ["gluten", "soya"] },
            ]),
            churroExtras,
          ],
        },
        {
          name: "Nutella-filled Churros",
          description: "Three fat churros piped full of Nutella and dusted with cinnamon sugar.",
          pricePence: 550,
          image: "/images/items/churro-loco-nutella-filled-churros.svg",
          allergens: ["gluten", "milk", "nuts", "soya"],
          addonGroups: [churroExtras],
        },
        {
          name: "Churro Sundae",
          description:
            "Churro pieces with vanilla soft-serve, warm chocolate sauce and up to three toppings.",
          pricePence: 650,
          image: "/images/items/churro-loco-churro-sundae.svg",
          allergens: ["gluten", "milk", "soya"],
          addonGroups: [
            optionalChoice("Extra toppings", [
              { name: "Crushed Oreo", pricePence: 80, allergens: ["gluten", "soya"] },
              { name: "Toasted hazelnuts", pricePence: 80, allergens: ["nuts"] },
              { name: "Rainbow sprinkles", pricePence: 50 },
              { name: "Fresh strawberries", pricePence: 100 },
            ]),
          ],
        },
        {
          name: "Biscoff Churro Bites",
          description:
            "Bite-sized churros tossed in Biscoff crumb and drizzled with warm Biscoff spread.",
          pricePence: 500,
          image: "/images/items/churro-loco-biscoff-churro-bites.svg",
          allergens: ["gluten", "soya"],
          addonGroups: [churroExtras],
        },
        {
          name: "Vegan Churros",
          description: "Our classic churros with a silky dark chocolate dip made without dairy.",
          pricePence: 450,
          image: "/images/items/churro-loco-vegan-churros.svg",
          allergens: ["gluten", "soya"],
        },
      ],
    },
    {
      name: "Extra Dips",
      items: [
        {
          name: "Chocolate Dip",
          description: "An extra pot of thick, glossy dark chocolate.",
          pricePence: 100,
          image: "/images/items/churro-loco-chocolate-dip.svg",
          allergens: ["milk", "soya"],
        },
        {
          name: "Dulce de Leche Dip",
          description: "An extra pot of slow-cooked caramelised milk.",
          pricePence: 100,
          image: "/images/items/churro-loco-dulce-de-leche-dip.svg",
          allergens: ["milk"],
        },
      ],
    },
    {
      name: "Drinks",
      items: [
        {
          name: "Spanish Hot Chocolate",
          description:
            "Thick, Spanish-style hot chocolate made for dunking; it's almost a pudding.",
          pricePence: 350,
          image: "/images/items/churro-loco-spanish-hot-chocolate.svg",
          allergens: ["milk", "soya"],
          addonGroups: [portionSize(["Regular", 350], ["Large", 450])],
        },
        {
          name: "Café con Leche",
          description: "Strong espresso with an equal measure of hot, frothy milk.",
          pricePence: 300,
          image: "/images/items/churro-loco-cafe-con-leche.svg",
          allergens: ["milk"],
        },
        {
          name: "Fresh Orange Juice",
          description: "Oranges squeezed to order, nothing added.",
          pricePence: 300,
          image: "/images/items/churro-loco-fresh-orange-juice.svg",
          allergens: [],
        },
      ],
    },
  ],
};

export const seedVendors: SeedVendor[] = [
  forno,
  smash,
  seoul,
  green,
  codfather,
  tacos,
  coffee,
  churros,
];

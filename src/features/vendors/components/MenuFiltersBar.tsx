import type { AllergenId } from "@contract/allergens";
import { useState } from "react";
import { Chip } from "@/components/Chip";
import { Icon } from "@/components/Icon";
import { categoryChips } from "../lib/menu-filter";
import { VoiceSearchButton } from "./VoiceSearchButton";

/** The vendor menu's search box, category chips and the allergen filter's opener. */
export interface MenuFiltersBarProps {
  search: string;
  onSearch: (text: string) => void;
  categories: string[];
  category: string;
  onCategory: (category: string) => void;
  hiddenAllergens: readonly AllergenId[];
  onOpenAllergens: () => void;
}

export function MenuFiltersBar({
  search,
  onSearch,
  categories,
  category,
  onCategory,
  hiddenAllergens,
  onOpenAllergens,
}: MenuFiltersBarProps) {
  const [expanded, setExpanded] = useState(false);
  const { chips, hiddenCount } = categoryChips(categories, expanded, category);
  return (
    <div className="menu-filters">
      <div className="menu-search">
        <Icon name="search" size={20} className="menu-search__icon" />
        <label htmlFor="menu-search" className="visually-hidden">
          Search your favourites
        </label>
        <input
          id="menu-search"
          type="search"
          className="menu-search__input"
          placeholder="Search your favourites"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          autoComplete="off"
          enterKeyHint="search"
        />
        <VoiceSearchButton onTranscript={onSearch} />
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a wrapping chip row; role=group names it without fieldset styling */}
      <div className="chip-row chip-row--wrap" role="group" aria-label="Categories">
        {chips.map((name) => (
          <Chip key={name} pressed={category === name} onClick={() => onCategory(name)}>
            {name}
          </Chip>
        ))}
        {hiddenCount > 0 && (
          <Chip
            onClick={() => setExpanded(true)}
            aria-label={`Show ${hiddenCount} more categories`}
          >
            +{hiddenCount} more
          </Chip>
        )}
      </div>
      <div className="chip-row">
        <Chip
          icon={<Icon name="alert" size={16} />}
          active={hiddenAllergens.length > 0}
          count={hiddenAllergens.length}
          aria-haspopup="dialog"
          onClick={onOpenAllergens}
        >
          Hide items containing…
        </Chip>
      </div>
    </div>
  );
}

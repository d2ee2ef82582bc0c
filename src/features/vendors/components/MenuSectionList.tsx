import type { MenuItem } from "@contract/vendors";
import type { MenuSection } from "../lib/menu-filter";
import { MenuItemRow } from "./MenuItemRow";
import type { MenuCartControls } from "./menu-cart-controls";

/** The vendor menu's items, one titled section per category; the first three images load eagerly. */
export interface MenuSectionListProps {
  sections: MenuSection[];
  vendorId: number;
  cart: MenuCartControls;
  ordering: boolean;
  onAdd: (item: MenuItem) => void;
}

export function MenuSectionList({
  sections,
  vendorId,
  cart,
  ordering,
  onAdd,
}: MenuSectionListProps) {
  let rowIndex = 0;
  return (
    <div className="menu-sections">
      {sections.map((section, sectionIndex) => (
        <section
          key={section.category}
          className="menu-section"
          aria-labelledby={`menu-cat-${sectionIndex}`}
        >
          <h2 id={`menu-cat-${sectionIndex}`} className="menu-section__title">
            {section.category}
          </h2>
          <ul className="menu-section__list">
            {section.items.map((item) => (
              <MenuItemRow
                key={item.id}
                item={item}
                vendorId={vendorId}
                cart={cart}
                ordering={ordering}
                onAdd={onAdd}
                eagerImage={rowIndex++ < 3}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

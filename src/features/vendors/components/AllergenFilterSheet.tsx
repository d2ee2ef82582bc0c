import { ALLERGENS, type AllergenId } from "@contract/allergens";
import { Modal } from "@/components/Modal";
import { SheetFooter } from "./SheetFooter";

interface Props {
  open: boolean;
  hidden: readonly AllergenId[];
  onChange: (next: AllergenId[]) => void;
  onClose: () => void;
}

/** 'Hide items containing…' over the 14 allergens UK law names. */
export function AllergenFilterSheet({ open, hidden, onChange, onClose }: Props) {
  const toggle = (id: AllergenId, on: boolean) =>
    onChange(on ? [...hidden, id] : hidden.filter((other) => other !== id));
  return (
    <Modal
      open={open}
      title="Hide items containing…"
      description="Items that declare any allergen you tick are hidden from this menu. Add-ons can contain other allergens: check the item page, and tell the trailer about severe allergies."
      onClose={onClose}
      footer={
        <SheetFooter
          clearLabel="Clear all"
          onClear={() => onChange([])}
          clearDisabled={hidden.length === 0}
          onDone={onClose}
        />
      }
    >
      <fieldset className="sheet-options allergen-options">
        <legend className="visually-hidden">Allergens to avoid</legend>
        {ALLERGENS.map((allergen) => (
          <label key={allergen.id} className="sheet-option">
            <strong>{allergen.label}</strong>
            <input
              type="checkbox"
              checked={hidden.includes(allergen.id)}
              onChange={(event) => toggle(allergen.id, event.target.checked)}
            />
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}

import { useState } from "react";
import { Modal } from "@/components/Modal";
import { NO_FILTERS, SORT_OPTIONS, type SortId, type VendorFilters } from "../lib/vendor-list";
import { SheetFooter } from "./SheetFooter";

interface SheetProps {
  open: boolean;
  filters: VendorFilters;
  onChange: (next: VendorFilters) => void;
  onClose: () => void;
}

/**
 * The sheets' controls answer a tap at once. The filters live in the address, and React Router applies an address
 * change as a transition: a control bound to it would show its old state until that transition commits (on a busy
 * phone, a tick flicks back). A sheet is mounted only while open, so it starts from the address and then shows what
 * was tapped, while each change goes on to the address.
 */
function useTappedFilters(filters: VendorFilters, onChange: (next: VendorFilters) => void) {
  const [tapped, setTapped] = useState(filters);
  const change = (next: VendorFilters) => {
    setTapped(next);
    onChange(next);
  };
  return [tapped, change] as const;
}

/** The 'Filter' chip's sheet: 'Open now only' and 'Under £10'; changes apply at once. */
export function FilterSheet({
  open,
  filters: inAddress,
  onChange: changeAddress,
  onClose,
  resultCount,
}: SheetProps & { resultCount: number }) {
  const [filters, onChange] = useTappedFilters(inAddress, changeAddress);
  return (
    <Modal
      open={open}
      title="Filter"
      onClose={onClose}
      footer={
        <SheetFooter
          clearLabel="Clear filters"
          onClear={() =>
            onChange({ ...filters, underTen: NO_FILTERS.underTen, openOnly: NO_FILTERS.openOnly })
          }
          doneLabel={resultCount === 1 ? "Show 1 trailer" : `Show ${resultCount} trailers`}
          onDone={onClose}
        />
      }
    >
      <fieldset className="sheet-options">
        <legend className="visually-hidden">Show only</legend>
        <label className="sheet-option">
          <span>
            <strong>Open now only</strong>
            <small>Hide trailers that are closed</small>
          </span>
          <input
            type="checkbox"
            checked={filters.openOnly}
            onChange={(event) => onChange({ ...filters, openOnly: event.target.checked })}
          />
        </label>
        <label className="sheet-option">
          <span>
            <strong>Under £10</strong>
            <small>Trailers where most dishes cost less than £10</small>
          </span>
          <input
            type="checkbox"
            checked={filters.underTen}
            onChange={(event) => onChange({ ...filters, underTen: event.target.checked })}
          />
        </label>
      </fieldset>
    </Modal>
  );
}

/** The 'Sort by' chip's sheet: the six choices and 'Clear sorting'; a choice applies at once (arrow keys stay usable). */
export function SortSheet({
  open,
  filters: inAddress,
  onChange: changeAddress,
  onClose,
}: SheetProps) {
  const [filters, onChange] = useTappedFilters(inAddress, changeAddress);
  const choose = (sort: SortId | null) => onChange({ ...filters, sort });
  return (
    <Modal
      open={open}
      title="Sort by"
      onClose={onClose}
      footer={
        <SheetFooter
          clearLabel="Clear sorting"
          onClear={() => choose(null)}
          clearDisabled={filters.sort === null}
          onDone={onClose}
        />
      }
    >
      <fieldset className="sheet-options">
        <legend className="visually-hidden">Sort trailers by</legend>
        {SORT_OPTIONS.map((option) => (
          <label key={option.id} className="sheet-option">
            <strong>{option.label}</strong>
            <input
              type="radio"
              name="vendor-sort"
              value={option.id}
              checked={filters.sort === option.id}
              onChange={() => choose(option.id)}
            />
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}

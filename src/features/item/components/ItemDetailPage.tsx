import { ALLERGENS_NOT_DECLARED, allergenLabel, dishAllergenLine } from "@contract/allergens";
import { TEXT_LIMIT } from "@contract/limits";
import { MESSAGES } from "@contract/messages";
import { isVendorOpen } from "@contract/vendor-rules";
import type { AddonGroup } from "@contract/vendors";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Icon } from "@/components/Icon";
import { PageHeader } from "@/components/PageHeader";
import { QuantityStepper } from "@/components/QuantityStepper";
import { Skeleton } from "@/components/Skeleton";
import { Spinner } from "@/components/Spinner";
import { TextEditModal } from "@/components/TextEditModal";
import { TradingStatus } from "@/components/TradingStatus";
import { ApiError } from "@/lib/api-client";
import { formatPence } from "@/lib/money";
import { isServerAnswer } from "@/lib/network";
import { toasts } from "@/lib/toast-store";
import { type TradingFacts, tradingLine } from "@/lib/trading-line";
import { addonGroupsQuery, menuItemQuery } from "../api/item-api";
import {
  addonSelections,
  chosenAddonIds,
  defaultSelection,
  groupErrors,
  type Selection,
  selectionSummary,
  splitGroups,
  toggleAddon,
  unitPricePence,
} from "../lib/addon-rules";
import { badgeLabel, ITEM_BADGES, selectionOfLine, targetLine } from "../lib/item-display";
import "../item.css";
import { AddonGroupSection } from "./AddonGroupSection";
import { FrequentlyBoughtStrip } from "./FrequentlyBoughtStrip";
import type { ItemCartControls } from "./item-cart-controls";

function LoadFailure({ error, itemId }: { error: Error | null; itemId: number }) {
  return (
    <div className="item-failure">
      <p className="error-box" role="alert">
        {MESSAGES.itemLoadFailed}
      </p>
      <details className="debug-info">
        <summary>Debug info</summary>
        <dl>
          <dt>Item</dt>
          <dd>{Number.isNaN(itemId) ? "invalid id" : `item_${itemId}`}</dd>
          <dt>Status</dt>
          <dd>{error instanceof ApiError ? error.status || "network" : "unknown"}</dd>
          <dt>Message</dt>
          <dd>{error?.message ?? "none"}</dd>
        </dl>
      </details>
    </div>
  );
}

function ItemSkeleton() {
  return (
    <div className="item-layout" aria-busy="true">
      <Skeleton height="auto" radius={16} style={{ aspectRatio: "4 / 3" }} />
      <div className="item-info">
        <p className="loading-text" role="status">
          Loading item details...
        </p>
        <Skeleton width="60%" height={28} />
        <Skeleton width="90%" height={16} style={{ marginTop: 12 }} />
        <Skeleton width="75%" height={16} style={{ marginTop: 6 }} />
      </div>
    </div>
  );
}

/** The dish's allergens with those of every add-on chosen right now (pre-selected defaults included), live. */
function AllergenPanel({ groups, summary }: { groups: AddonGroup[]; summary: SelectionSummary }) {
  const optionAllergens = groups.some((group) =>
    group.addons.some((addon) => addon.allergens.length > 0),
  );
  return (
    <section className="allergen-panel" aria-labelledby="allergen-title">
      <h2 id="allergen-title" className="allergen-panel__title">
        <Icon name="alert" size={18} /> Allergens
      </h2>
      {summary.allergens.length > 0 ? (
        <ul className="allergen-list" aria-label="This item contains" aria-live="polite">
          {summary.allergens.map((id) => {
            const from = summary.addedBy.get(id);
            return (
              <li key={id} className={`allergen-pill${from ? " allergen-pill--added" : ""}`}>
                {allergenLabel(id)}
                {from && <span className="allergen-pill__from"> (from {from.join(", ")})</span>}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="allergen-panel__none">{ALLERGENS_NOT_DECLARED}</p>
      )}
      <p className="allergen-panel__note">
        {optionAllergens ? "Some options below add allergens: each one says which. " : ""}Tell the
        trailer about severe allergies with an allergy note.
      </p>
    </section>
  );
}

type SelectionSummary = ReturnType<typeof selectionSummary>;

interface Props {
  vendorId: number;
  itemId: number;
  cart: ItemCartControls;
  /** The item's trailer as last known: paused or closed, nothing can be added (the line says why). */
  trailer?: (TradingFacts & { name: string }) | undefined;
  /** Opened from a cart line: start from that line's choices. */
  lineId?: number;
}

/** /vendor/{vendorId}/item/{itemId}: item detail with add-on groups and allergy notes (spec sections 2, 4, 5). */
export function ItemDetailPage({ vendorId, itemId, cart, lineId, trailer }: Props) {
  const navigate = useNavigate();
  const validId = Number.isInteger(itemId) && itemId > 0;
  const item = useQuery({ ...menuItemQuery(itemId), enabled: validId });
  const addonGroups = useQuery({ ...addonGroupsQuery(itemId), enabled: validId });
  const groups = addonGroups.data ?? [];
  const { portion, listed, frequentlyBought } = useMemo(() => splitGroups(groups), [groups]);

  const [chosen, setChosen] = useState<Selection | null>(null);
  // Until the customer changes something: the cart line they came from (or this item's newest line), else the defaults.
  const startingLine =
    cart.lines.find((candidate) => candidate.lineId === lineId) ?? cart.lines.at(-1);
  const selection =
    chosen ?? (startingLine ? selectionOfLine(startingLine) : defaultSelection(groups));
  const [showErrors, setShowErrors] = useState(false);
  const [justAdded, setJustAdded] = useState(false);
  const [noteOpen, setNoteOpen] = useState(false);
  const [pendingNote, setPendingNote] = useState("");
  // '+ Add' pressed: the stepper replacing it keeps the focus.
  const addPressed = useRef(false);

  const backTo = `/vendor/${vendorId}`;
  if (!validId || item.isError || item.isPending) {
    return (
      <div className="page item-page">
        <PageHeader backTo={backTo} title={<span className="visually-hidden">Item</span>} />
        {item.isPending && validId ? (
          <ItemSkeleton />
        ) : (
          <LoadFailure error={item.error} itemId={itemId} />
        )}
      </div>
    );
  }

  const menuItem = item.data;
  const groupsReady = addonGroups.isSuccess || !menuItem.has_addongroups;
  const errors = groupErrors(groups, selection);
  const errorFor = (groupId: number) =>
    showErrors ? (errors.find((e) => e.groupId === groupId)?.message ?? null) : null;
  const pricePence = unitPricePence(menuItem.pricePence, groups, selection);
  const line = targetLine(cart.lines, chosenAddonIds(selection));
  const summary = selectionSummary(menuItem.allergens, groups, selection);
  const note = line ? line.allergyInformation : pendingNote;

  const onToggle = (group: AddonGroup, addonId: number) => {
    setChosen(toggleAddon(selection, group, addonId));
    setJustAdded(false);
  };

  const add = async () => {
    if (!groupsReady) return;
    if (errors.length > 0) {
      setShowErrors(true);
      toasts.push({ kind: "addon-validation", message: MESSAGES.requiredAddonsToast });
      document
        .getElementById(`addon-group-${errors[0]!.groupId}`)
        ?.scrollIntoView({ behavior: "smooth", block: "center" });
      return;
    }
    try {
      const message = await cart.add({
        addonSelections: addonSelections(groups, selection),
        allergyInformation: pendingNote.trim() || undefined,
      });
      setPendingNote("");
      setJustAdded(true);
      toasts.push({
        kind: "success",
        title: "1 Item Added",
        message: message || MESSAGES.addToCartSuccess,
        action: { label: "View Cart", onClick: () => navigate("/cart") },
      });
    } catch (error) {
      const reason = isServerAnswer(error) ? error.message : null;
      toasts.push(
        reason
          ? { kind: "cart", title: MESSAGES.addToCartFailed, message: reason }
          : { kind: "cart", message: MESSAGES.addToCartFailed },
      );
    }
  };

  const saveNote = async (text: string) => {
    if (line) {
      const saved = await cart.saveAllergy(line.lineId, text.trim());
      if (!saved) throw new Error(MESSAGES.allergyFailed);
    } else {
      setPendingNote(text.trim());
    }
    setNoteOpen(false);
  };

  const ordering = !trailer || isVendorOpen(trailer.status);
  const stopped = !ordering
    ? [`${trailer?.name ?? "This trailer"} is not taking orders`, trailer && tradingLine(trailer)]
        .filter(Boolean)
        .join(" · ")
    : menuItem.soldOut && !justAdded
      ? `${menuItem.name} is sold out`
      : null;
  const bottomLabel = justAdded
    ? `View Cart (${cart.totalQuantity} ${cart.totalQuantity === 1 ? "item" : "items"})`
    : errors.length > 0
      ? "Please complete required selections"
      : `Add to Cart ${formatPence(pricePence)}`;

  return (
    <div className="page item-page">
      <PageHeader
        backTo={backTo}
        title={<span className="page-header__text">{menuItem.name}</span>}
      />
      <div className="item-layout">
        <div className="item-media">
          <img
            src={menuItem.image || "/images/placeholder-item.svg"}
            alt=""
            width={800}
            height={600}
            className="item-media__image"
            fetchPriority="high"
          />
        </div>

        <div className="item-info">
          {/* The spec's decorative badges, on every item page. */}
          <p className="item-badges">
            {ITEM_BADGES.map((badge) => (
              <span key={badge} className="badge badge--primary item-badge">
                <Icon name="star" size={14} /> {badgeLabel(badge)}
              </span>
            ))}
          </p>
          <h1 className="item-info__name">{menuItem.name}</h1>
          <p className="item-info__description">{menuItem.description}</p>

          {trailer && (
            <p className="item-info__trading">
              <TradingStatus trailer={trailer} />
            </p>
          )}
          <div className="item-actions">
            <span className="item-info__price">{formatPence(pricePence)}</span>
            {!ordering ? (
              line ? (
                <span className="menu-item__in-cart">{line.quantity} in cart</span>
              ) : null
            ) : menuItem.soldOut && !line ? (
              <span className="menu-item__unavailable">Sold out</span>
            ) : line ? (
              <QuantityStepper
                quantity={line.quantity}
                itemName={menuItem.name}
                busy={cart.isBusy}
                onDecrease={() => cart.setLineQuantity(line.lineId, line.quantity - 1)}
                onIncrease={() => cart.setLineQuantity(line.lineId, line.quantity + 1)}
                takeFocus={addPressed.current}
              />
            ) : (
              <button
                type="button"
                className="add-btn add-btn--solid"
                onClick={() => {
                  addPressed.current = true;
                  void add();
                }}
                disabled={cart.isAdding || !groupsReady || !menuItem.available}
              >
                {cart.isAdding ? (
                  <>
                    <Spinner size={14} /> <span>Adding...</span>
                  </>
                ) : (
                  <span>+ Add</span>
                )}
              </button>
            )}
          </div>

          <div className="allergy-note">
            <button
              type="button"
              className="btn btn--secondary btn--small"
              onClick={() => setNoteOpen(true)}
              aria-haspopup="dialog"
            >
              <Icon name="edit" size={16} />
              <span>{note ? "Edit Allergy Notes" : "+ Allergy Notes"}</span>
            </button>
            {note && (
              <p className="allergy-note__text">
                <strong>Your note{line ? "" : " (sent when you add)"}:</strong> {note}
              </p>
            )}
          </div>

          <AllergenPanel groups={groups} summary={summary} />

          {menuItem.has_addongroups && addonGroups.isPending && (
            <p className="loading-text" role="status">
              <Spinner size={16} /> Loading addon options...
            </p>
          )}
          {addonGroups.isError && <LoadFailure error={addonGroups.error} itemId={itemId} />}

          {portion && (
            <AddonGroupSection
              group={portion}
              selection={selection}
              onToggle={onToggle}
              error={errorFor(portion.id)}
              priceMode="full"
            />
          )}
          {listed.map((group) => (
            <AddonGroupSection
              key={group.id}
              group={group}
              selection={selection}
              onToggle={onToggle}
              error={errorFor(group.id)}
            />
          ))}
          {frequentlyBought && (
            <FrequentlyBoughtStrip
              group={frequentlyBought}
              selection={selection}
              onToggle={onToggle}
            />
          )}
        </div>
      </div>

      <div className="action-bar item-bar">
        <p className="item-bar__includes" aria-live="polite" data-testid="item-bar-allergens">
          {summary.extras.length > 0 && (
            <>Includes: {summary.extras.map((entry) => entry.addon.name).join(", ")} · </>
          )}
          {dishAllergenLine(menuItem.allergens, summary.chosenAllergens)}
        </p>
        {stopped ? (
          <p className="item-bar__stopped" role="status" data-testid="item-bar-stopped">
            {stopped}
          </p>
        ) : (
          <button
            type="button"
            className={`btn btn--primary btn--block item-bar__button${errors.length > 0 && !justAdded ? " item-bar__button--blocked" : ""}`}
            onClick={justAdded ? () => navigate("/cart") : add}
            disabled={
              cart.isAdding ||
              !groupsReady ||
              ((!menuItem.available || menuItem.soldOut === true) && !justAdded)
            }
            aria-busy={cart.isAdding || undefined}
          >
            {cart.isAdding ? (
              <Spinner size={18} />
            ) : errors.length > 0 && !justAdded ? null : (
              <Icon name={justAdded ? "cart" : "bag"} size={20} />
            )}
            <span>{cart.isAdding ? "Adding..." : bottomLabel}</span>
          </button>
        )}
      </div>

      <TextEditModal
        open={noteOpen}
        title="Allergy Notes"
        description="Tell the trailer about any allergy or dietary need for this item. They see this note with your order."
        placeholder="e.g. Severe peanut allergy, please change gloves"
        value={note}
        maxLength={TEXT_LIMIT}
        saveLabel="Save note"
        onSave={saveNote}
        onCancel={() => setNoteOpen(false)}
      />
    </div>
  );
}

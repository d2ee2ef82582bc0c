import { useCallback, useId, useState } from "react";
import { Link } from "react-router";
import { Spinner } from "@/components/Spinner";
import { useAuth } from "@/features/auth/hooks/auth-context";
import { openBoardFeed } from "@/features/live/lib/board-feed";
import { boardCode, fetchBoard } from "@/features/staff/api/board-api";
import { type BoardFeed, PickupBoardPage } from "@/features/staff/components/PickupBoardPage";
import { ApiError } from "@/lib/api-client";
import { socketUrl } from "@/lib/config";

/**
 * /staff/board: the pickup board for a TV at the hatch. Signed in as staff, or with a board-only account's access
 * code (a read-only sign-in a park manager creates and can revoke). Nobody else sees it.
 */
export default function PickupBoardRoute() {
  const { status, user, token } = useAuth();
  const [code, setCode] = useState(boardCode.get);
  const forget = useCallback(() => {
    boardCode.clear();
    setCode(null);
  }, []);

  const staffToken = status === "signed-in" && user?.role === "staff" ? token : null;
  const accessCode = staffToken ? null : code;
  const openFeed = useCallback(
    (vendorId: number | null, feed: BoardFeed) => {
      let closer: { close(): void } | null = null;
      let closed = false;
      openBoardFeed(
        { token: staffToken, accessCode, vendorId, url: socketUrl },
        { ...feed, onRefused: () => (accessCode ? forget() : undefined) },
      )
        .then((opened) => {
          if (closed) opened.close();
          else closer = opened;
        })
        .catch(() => feed.onLink("offline"));
      return () => {
        closed = true;
        closer?.close();
      };
    },
    [staffToken, accessCode, forget],
  );

  if (status === "loading") return <Spinner label="Checking your session" />;
  if (staffToken || accessCode)
    return <PickupBoardPage accessCode={accessCode} openFeed={openFeed} onRefused={forget} />;
  if (status === "signed-in")
    return (
      <div className="empty-state">
        <h1>Staff only</h1>
        <p>The pickup board is for park staff. Your orders are in My Orders.</p>
        <Link to="/orders" className="btn btn--primary">
          <span>Go to My Orders</span>
        </Link>
      </div>
    );
  return <BoardSignIn onSignedIn={setCode} />;
}

/** A TV signs in with the board access code a park manager created (shown to them once). */
function BoardSignIn({ onSignedIn }: { onSignedIn(code: string): void }) {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const submit = async () => {
    const entered = value.trim();
    if (!entered) {
      setError("Enter the board's access code");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await fetchBoard(null, entered);
      boardCode.set(entered);
      onSignedIn(entered);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : "Could not check the code");
    } finally {
      setBusy(false);
    }
  };
  return (
    <main id="main" className="auth-page">
      <form
        className="auth-card card"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h1>Pickup board</h1>
        <p>Enter the access code a park manager created for this screen, or sign in as staff.</p>
        <div className="field">
          <label htmlFor={inputId}>Board access code</label>
          <input
            id={inputId}
            value={value}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
          {error && (
            <p id={errorId} className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          <span>{busy ? "Checking..." : "Show the board"}</span>
        </button>
        <p>
          <Link to="/login" state={{ from: "/staff/board" }}>
            Staff sign in
          </Link>
        </p>
      </form>
    </main>
  );
}

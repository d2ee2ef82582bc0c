import type { Page } from "@playwright/test";

export interface PictureBox {
  top: number;
  left: number;
  width: number;
  height: number;
}

const pictureBoxes = (page: Page, selector: string): Promise<PictureBox[]> =>
  page.locator(selector).evaluateAll((pictures) =>
    pictures.slice(0, 3).map((picture) => {
      const { top, left, width, height } = picture.getBoundingClientRect();
      return { top, left, width, height };
    }),
  );

/** What the first trailers' cards show besides their pictures: a change moves the cards below. */
async function firstTrailersState(page: Page): Promise<string> {
  const list = (await (await page.request.get("/api/vendors/list?status=active")).json()) as {
    data: Record<string, unknown>[];
  };
  return JSON.stringify(
    list.data
      .slice(0, 3)
      .map(({ status, busyUntil, opensAt, closesAt }) => [status, busyUntil, opensAt, closesAt]),
  );
}

/**
 * The first three trailer pictures' boxes as the shell paints them (the app's scripts refused) and as the app draws
 * them, on one trailer list. Other tests pause trailers and change their hours beside this one: a pair during
 * which the first trailers' state changed is taken again.
 */
export async function shellAndAppPictures(
  page: Page,
  token: string,
): Promise<{ shell: PictureBox[]; app: PictureBox[] }> {
  for (let attempt = 1; ; attempt++) {
    const before = await firstTrailersState(page);
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(`/vendors?token=${encodeURIComponent(token)}`);
    await page.locator(".fp-card img").nth(2).waitFor();
    const shell = await pictureBoxes(page, ".fp-card img");

    await page.unroute("**/assets/*.js");
    await page.reload();
    await page.locator(".vendor-card__image").nth(2).waitFor();
    const app = await pictureBoxes(page, ".vendor-card__image");
    if (attempt === 3 || (await firstTrailersState(page)) === before) return { shell, app };
  }
}

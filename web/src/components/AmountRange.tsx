// A range of amounts (own module: pages that show ranges load it, the first paint does not).

import type { Wei } from '@free/protocol/amount';
import { Amount, type Token } from './Amount';

/**
 * A range of amounts, minimum to maximum. The whole range is one left-to-right island, so in
 * Arabic it still reads "1 USDT – 1,000 USDT" instead of being mirrored into max – min.
 */
export function AmountRange({
  min,
  max,
  token,
}: {
  min: Wei | string | null | undefined;
  max: Wei | string | null | undefined;
  token?: Token;
}) {
  return (
    <bdi dir="ltr" className="num range">
      <Amount value={min} token={token} /> – <Amount value={max} token={token} />
    </bdi>
  );
}

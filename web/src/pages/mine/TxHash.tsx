// A transaction hash shortened to fit a phone row (0x1234abcd…89ef0123), left to right, with copy.
import { CopyButton } from '../../components/CopyButton';

export function shortHash(hash: string): string {
  return hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
}

export function TxHash({ hash }: { hash: string }) {
  return (
    <span className="address-wrap">
      <bdi dir="ltr" className="address" title={hash}>
        {shortHash(hash)}
      </bdi>
      <CopyButton text={hash} />
    </span>
  );
}

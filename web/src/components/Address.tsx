// Addresses: shortened 0x12ab…9f3c, always left to right, with copy where asked.
import { CopyButton } from './CopyButton';

export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

export function ShortAddress({ address, copy = false }: { address: string; copy?: boolean }) {
  return (
    <span className="address-wrap">
      <bdi dir="ltr" className="address" title={address}>
        {shortAddress(address)}
      </bdi>
      {copy && <CopyButton text={address} />}
    </span>
  );
}

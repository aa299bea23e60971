// Addresses: shortened 0x12ab…9f3c, always left to right, with copy where asked.
import { shortAddress } from '@free/protocol/address';
import { CopyButton } from './CopyButton';

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

// A catalogue picture (shop product, mining machine) that is left out when it does not load.
import { useState } from 'react';

export function ProductImage({
  src,
  alt,
  className = 'product-img',
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return null;
  return <img className={className} src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} />;
}

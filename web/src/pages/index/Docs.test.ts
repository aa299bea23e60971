import { describe, expect, it } from 'vitest';
import { mediaUrl } from './AnnouncementDetail';
import { resolveDocType } from './Docs';

describe('resolveDocType', () => {
  it('reads ?type=roadmap as the short-term roadmap', () => {
    expect(resolveDocType('roadmap')).toBe('roadmap_short');
  });
  it('keeps a known type and falls back to the whitepaper otherwise', () => {
    expect(resolveDocType('video_conference')).toBe('video_conference');
    expect(resolveDocType('nonsense')).toBe('whitepaper');
    expect(resolveDocType(null)).toBe('whitepaper');
  });
});

describe('mediaUrl', () => {
  it('takes a body that is only a URL', () => {
    expect(mediaUrl(null, ' https://cdn.example/v.mp4 \n')).toBe('https://cdn.example/v.mp4');
  });
  it('falls back to the cover, and ignores text bodies', () => {
    expect(mediaUrl('https://cdn.example/p.png', 'Our poster')).toBe('https://cdn.example/p.png');
    expect(mediaUrl(null, 'Just words')).toBeNull();
  });
  it("takes a picture served with the app (a path on the app's origin), not a protocol-relative one", () => {
    expect(mediaUrl('/demo/poster-launch.svg', 'Our poster')).toBe('/demo/poster-launch.svg');
    expect(mediaUrl('//cdn.example/p.png', 'Our poster')).toBeNull();
    expect(mediaUrl(null, '/ not a path')).toBeNull();
  });
});

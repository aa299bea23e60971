// The icons of the home page's module and document tiles (lucide, tree-shaken). Home loads this
// module lazily, so the icons arrive right after the first paint instead of weighing on it.
import {
  Bot,
  Briefcase,
  Building2,
  ChartCandlestick,
  Cpu,
  CreditCard,
  FileIcon,
  FileText,
  Gamepad2,
  HardHat,
  ImageIcon,
  LinkIcon,
  type LucideIcon,
  MapIcon,
  PiggyBank,
  Play,
  ShoppingBag,
  Video,
} from 'lucide-react';

const ICONS = {
  aiTrade: Bot,
  games: Gamepad2,
  rwa: Building2,
  machines: Cpu,
  card: CreditCard,
  shop: ShoppingBag,
  hlb: PiggyBank,
  chainPool: LinkIcon,
  quotes: ChartCandlestick,
  whitepaper: FileText,
  businessPlan: Briefcase,
  constructionPlan: HardHat,
  roadmap: MapIcon,
  video: Play,
  poster: ImageIcon,
  document: FileIcon,
  conference: Video,
} satisfies Record<string, LucideIcon>;

export type TileIconName = keyof typeof ICONS;

export default function TileIcon({ name }: { name: TileIconName }) {
  const Icon = ICONS[name];
  return <Icon size={20} strokeWidth={1.8} aria-hidden="true" focusable="false" />;
}

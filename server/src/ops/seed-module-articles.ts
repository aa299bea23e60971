// The introductions of the module pages (AI exchange, AI chain games, real-world assets), one
// article per page in every app language, published by the local seed (kept apart from the
// economy seed so each can change alone).
import type { LanguageCode } from '@free/protocol/languages';
import type { Executor } from '../db/client.ts';
import { type ArticleType, publishArticle } from '../services/content-types.ts';

type Text = { title: string; content: string };
type ModuleArticle = { slug: string; type: ArticleType; texts: Record<LanguageCode, Text> };

export const MODULE_ARTICLES: ModuleArticle[] = [
  {
    slug: 'intro-ai-trade',
    type: 'ai_trade',
    texts: {
      en: {
        title: 'The AI exchange',
        content:
          'The AI exchange runs one-minute prediction rounds on the FREE price. Before a round opens you bet USDT from your balance that the price will close up or down; the winning side shares the pot in proportion to its bets. The opening price is an average over the round start, so one trade cannot move it.',
      },
      'zh-Hans': {
        title: 'AI 交易所',
        content:
          'AI 交易所以一分钟为一轮，预测 FREE 价格的涨跌。每轮开始前，您可用余额中的 USDT 押注收盘价上涨或下跌；猜中的一方按押注比例瓜分奖池。开盘价取本轮开始时的平均价，单笔交易无法左右它。',
      },
      'zh-Hant': {
        title: 'AI 交易所',
        content:
          'AI 交易所以一分鐘為一輪，預測 FREE 價格的漲跌。每輪開始前，您可用餘額中的 USDT 押注收盤價上漲或下跌；猜中的一方按押注比例瓜分獎池。開盤價取本輪開始時的平均價，單筆交易無法左右它。',
      },
      ja: {
        title: 'AI 取引所',
        content:
          'AI 取引所では、FREE の価格が上がるか下がるかを 1 分ごとのラウンドで予測します。ラウンド開始前に残高の USDT で上昇か下落に賭け、当たった側が賭け額に応じて賞金プールを分け合います。始値はラウンド開始時の平均価格なので、1 回の取引で動かすことはできません。',
      },
      ko: {
        title: 'AI 거래소',
        content:
          'AI 거래소는 FREE 가격의 상승과 하락을 1분 단위 라운드로 예측합니다. 라운드가 시작되기 전에 잔액의 USDT로 상승 또는 하락에 베팅하면, 맞힌 쪽이 베팅 비율대로 상금 풀을 나눕니다. 시작 가격은 라운드 시작 시점의 평균 가격이라 한 번의 거래로 움직일 수 없습니다.',
      },
      ru: {
        title: 'AI-биржа',
        content:
          'AI-биржа проводит минутные раунды прогнозов цены FREE. До начала раунда вы ставите USDT со своего баланса на то, что цена закроется выше или ниже; угадавшая сторона делит банк пропорционально ставкам. Цена открытия — среднее на старте раунда, поэтому одна сделка не может её сдвинуть.',
      },
      vi: {
        title: 'Sàn AI',
        content:
          'Sàn AI tổ chức các vòng dự đoán một phút về giá FREE. Trước khi vòng bắt đầu, bạn đặt USDT từ số dư vào việc giá đóng cửa tăng hay giảm; bên đoán đúng chia quỹ thưởng theo tỷ lệ tiền cược. Giá mở cửa là giá trung bình lúc bắt đầu vòng, nên một giao dịch không thể làm nó thay đổi.',
      },
      ar: {
        title: 'بورصة الذكاء الاصطناعي',
        content:
          'تدير بورصة الذكاء الاصطناعي جولات توقع مدتها دقيقة واحدة على سعر FREE. قبل بدء الجولة تراهن بـ USDT من رصيدك على أن السعر سيغلق صعودًا أو هبوطًا، ويتقاسم الجانب الفائز المجمع بنسبة رهاناته. سعر الافتتاح متوسط عند بداية الجولة، فلا تستطيع صفقة واحدة تحريكه.',
      },
      id: {
        title: 'Bursa AI',
        content:
          'Bursa AI menjalankan putaran prediksi satu menit atas harga FREE. Sebelum putaran dibuka, Anda bertaruh USDT dari saldo bahwa harga akan ditutup naik atau turun; pihak yang benar membagi pot sesuai taruhannya. Harga pembukaan adalah rata-rata di awal putaran, jadi satu transaksi tidak bisa menggesernya.',
      },
      th: {
        title: 'กระดานเทรด AI',
        content:
          'กระดานเทรด AI จัดรอบทายราคา FREE ทุกหนึ่งนาที ก่อนรอบเริ่ม คุณวางเดิมพัน USDT จากยอดคงเหลือว่าราคาจะปิดขึ้นหรือลง ฝ่ายที่ทายถูกแบ่งเงินรางวัลตามสัดส่วนเดิมพัน ราคาเปิดคือราคาเฉลี่ยช่วงเริ่มรอบ การซื้อขายครั้งเดียวจึงขยับไม่ได้',
      },
      fil: {
        title: 'Ang AI exchange',
        content:
          'Ang AI exchange ay nagpapatakbo ng isang-minutong round ng hula sa presyo ng FREE. Bago magbukas ang round, tumaya ka ng USDT mula sa iyong balanse kung tataas o bababa ang presyo sa pagsasara; hahatiin ng nanalong panig ang pot ayon sa kanilang taya. Ang opening price ay average sa simula ng round, kaya hindi ito kayang galawin ng isang trade.',
      },
      hi: {
        title: 'AI एक्सचेंज',
        content:
          'AI एक्सचेंज FREE की कीमत पर एक-एक मिनट के पूर्वानुमान राउंड चलाता है। राउंड शुरू होने से पहले आप अपने बैलेंस से USDT लगाते हैं कि कीमत ऊपर बंद होगी या नीचे; सही पक्ष अपने दाँव के अनुपात में पूल बाँटता है। शुरुआती कीमत राउंड की शुरुआत का औसत है, इसलिए एक सौदा उसे नहीं हिला सकता।',
      },
    },
  },
  {
    slug: 'intro-game',
    type: 'game',
    texts: {
      en: {
        title: 'AI chain games',
        content:
          'AI chain games are short on-chain games where every result can be checked on the chain. Play with FREE, earn FREE and climb the leaderboards; new games open here as they launch.',
      },
      'zh-Hans': {
        title: 'AI 链游',
        content:
          'AI 链游是结果可在链上核验的轻量级链上游戏。使用 FREE 参与、赚取 FREE 并冲击排行榜；新游戏上线后会在这里开放。',
      },
      'zh-Hant': {
        title: 'AI 鏈遊',
        content:
          'AI 鏈遊是結果可在鏈上核驗的輕量級鏈上遊戲。使用 FREE 參與、賺取 FREE 並衝擊排行榜；新遊戲上線後會在這裡開放。',
      },
      ja: {
        title: 'AI チェーンゲーム',
        content:
          'AI チェーンゲームは、すべての結果をチェーン上で確認できる手軽なオンチェーンゲームです。FREE で遊び、FREE を獲得し、ランキング上位を目指しましょう。新しいゲームは公開され次第ここに登場します。',
      },
      ko: {
        title: 'AI 체인 게임',
        content:
          'AI 체인 게임은 모든 결과를 체인에서 확인할 수 있는 짧은 온체인 게임입니다. FREE로 플레이하고 FREE를 벌며 순위표에 도전하세요. 새 게임은 출시되는 대로 이곳에 열립니다.',
      },
      ru: {
        title: 'AI-игры на блокчейне',
        content:
          'AI-игры — короткие игры в блокчейне, где каждый результат можно проверить в сети. Играйте на FREE, зарабатывайте FREE и поднимайтесь в рейтингах; новые игры появятся здесь по мере запуска.',
      },
      vi: {
        title: 'Game chuỗi AI',
        content:
          'Game chuỗi AI là các trò chơi ngắn trên chuỗi, mọi kết quả đều kiểm chứng được trên chuỗi. Chơi bằng FREE, kiếm FREE và leo bảng xếp hạng; game mới sẽ mở tại đây khi ra mắt.',
      },
      ar: {
        title: 'ألعاب السلسلة بالذكاء الاصطناعي',
        content:
          'ألعاب السلسلة بالذكاء الاصطناعي ألعاب قصيرة على البلوكشين يمكن التحقق من كل نتيجة فيها على السلسلة. العب بـ FREE واربح FREE وتصدّر لوائح المتصدرين؛ تُفتح الألعاب الجديدة هنا عند إطلاقها.',
      },
      id: {
        title: 'Game chain AI',
        content:
          'Game chain AI adalah game on-chain singkat yang setiap hasilnya bisa diperiksa di chain. Main dengan FREE, dapatkan FREE, dan naiki papan peringkat; game baru dibuka di sini saat diluncurkan.',
      },
      th: {
        title: 'เกมบนเชน AI',
        content:
          'เกมบนเชน AI คือเกมสั้นบนบล็อกเชนที่ตรวจสอบผลได้ทุกครั้งบนเชน เล่นด้วย FREE รับ FREE และไต่อันดับ เกมใหม่จะเปิดที่นี่เมื่อเปิดตัว',
      },
      fil: {
        title: 'AI chain games',
        content:
          'Ang AI chain games ay maiikling on-chain na laro kung saan masusuri sa chain ang bawat resulta. Maglaro gamit ang FREE, kumita ng FREE at umakyat sa leaderboard; bubuksan dito ang mga bagong laro sa paglulunsad nila.',
      },
      hi: {
        title: 'AI चेन गेम्स',
        content:
          'AI चेन गेम्स छोटे ऑन-चेन गेम हैं जिनका हर परिणाम चेन पर जाँचा जा सकता है। FREE से खेलें, FREE कमाएँ और लीडरबोर्ड पर चढ़ें; नए गेम लॉन्च होते ही यहाँ खुलेंगे।',
      },
    },
  },
  {
    slug: 'intro-rwa',
    type: 'rwa',
    texts: {
      en: {
        title: 'Real-world assets',
        content:
          'Real-world assets (RWA) bring income from physical assets, such as mining machines and payment infrastructure, into the FREE ecosystem. Every three rounds of settlement, 20 % of your investment and income becomes RWA ecosystem contribution (computing power).',
      },
      'zh-Hans': {
        title: '现实世界资产',
        content:
          '现实世界资产（RWA）把矿机、支付基础设施等实体资产的收益引入 FREE 生态。每三轮结算，您投资与收益的 20% 将转为 RWA 生态贡献（算力）。',
      },
      'zh-Hant': {
        title: '現實世界資產',
        content:
          '現實世界資產（RWA）把礦機、支付基礎設施等實體資產的收益引入 FREE 生態。每三輪結算，您投資與收益的 20% 將轉為 RWA 生態貢獻（算力）。',
      },
      ja: {
        title: '現実資産（RWA）',
        content:
          '現実資産（RWA）は、マイニングマシンや決済インフラなど実物資産からの収益を FREE エコシステムにもたらします。3 回の決済ごとに、投資額と収益の 20% が RWA エコシステムへの貢献（計算力）になります。',
      },
      ko: {
        title: '실물 자산(RWA)',
        content:
          '실물 자산(RWA)은 채굴기, 결제 인프라 같은 실물 자산의 수익을 FREE 생태계로 가져옵니다. 정산 3회마다 투자금과 수익의 20%가 RWA 생태계 기여(연산력)가 됩니다.',
      },
      ru: {
        title: 'Реальные активы (RWA)',
        content:
          'Реальные активы (RWA) приносят в экосистему FREE доход от физических активов — майнинговых машин и платёжной инфраструктуры. Каждые три раунда расчёта 20 % ваших вложений и дохода становятся вкладом в экосистему RWA (вычислительной мощностью).',
      },
      vi: {
        title: 'Tài sản thực (RWA)',
        content:
          'Tài sản thực (RWA) đưa thu nhập từ tài sản vật chất như máy đào và hạ tầng thanh toán vào hệ sinh thái FREE. Cứ ba vòng thanh toán, 20% vốn đầu tư và thu nhập của bạn trở thành đóng góp hệ sinh thái RWA (sức mạnh tính toán).',
      },
      ar: {
        title: 'الأصول الحقيقية',
        content:
          'تجلب الأصول الحقيقية (RWA) دخل الأصول المادية، مثل آلات التعدين وبنية الدفع، إلى منظومة FREE. في كل ثلاث جولات تسوية تصبح 20% من استثمارك ودخلك مساهمة في منظومة RWA (قوة حوسبة).',
      },
      id: {
        title: 'Aset dunia nyata',
        content:
          'Aset dunia nyata (RWA) membawa pendapatan dari aset fisik, seperti mesin penambangan dan infrastruktur pembayaran, ke ekosistem FREE. Setiap tiga putaran penyelesaian, 20% investasi dan pendapatan Anda menjadi kontribusi ekosistem RWA (daya komputasi).',
      },
      th: {
        title: 'สินทรัพย์โลกจริง',
        content:
          'สินทรัพย์โลกจริง (RWA) นำรายได้จากสินทรัพย์จริง เช่น เครื่องขุดและโครงสร้างการชำระเงิน เข้าสู่ระบบนิเวศ FREE ทุกสามรอบการชำระ 20% ของเงินลงทุนและรายได้ของคุณจะกลายเป็นการสมทบระบบนิเวศ RWA (พลังประมวลผล)',
      },
      fil: {
        title: 'Real-world assets',
        content:
          'Dinadala ng real-world assets (RWA) sa FREE ecosystem ang kita mula sa mga pisikal na asset, gaya ng mining machine at imprastraktura ng bayad. Bawat tatlong round ng settlement, ang 20% ng iyong puhunan at kita ay nagiging kontribusyon sa RWA ecosystem (computing power).',
      },
      hi: {
        title: 'वास्तविक दुनिया की संपत्तियाँ',
        content:
          'वास्तविक दुनिया की संपत्तियाँ (RWA) माइनिंग मशीनों और भुगतान ढाँचे जैसी भौतिक संपत्तियों की आय FREE इकोसिस्टम में लाती हैं। हर तीन सेटलमेंट राउंड में आपके निवेश और आय का 20% RWA इकोसिस्टम योगदान (कंप्यूटिंग पावर) बन जाता है।',
      },
    },
  },
];

/** Publishes (or refreshes) every module introduction in every language. */
export async function seedModuleArticles(db: Executor, publishedAt: Date): Promise<void> {
  for (const a of MODULE_ARTICLES) {
    for (const [language, text] of Object.entries(a.texts)) {
      await publishArticle(db, {
        slug: a.slug,
        type: a.type,
        language,
        title: text.title,
        summary: text.content.slice(0, 60),
        content: text.content,
        publishedAt,
      });
    }
  }
}

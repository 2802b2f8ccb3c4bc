import type { SupportedLocale } from '@unban/contract/locale-tags';
import type { SandboxOutcome } from './sandbox';

/*
 * The words of the sandbox's hosted checkout page in each shipped language. The page stands
 * in for Stripe Checkout, which speaks the customer's language, so it does too. English is
 * what the page always said: the end-to-end tests press its buttons by these names.
 */

export interface SandboxButtonWords {
  label: string;
  hint: string;
}

export interface SandboxWords {
  /** The page's name, and the end of every title. */
  heading: string;
  notice: string;
  order: string;
  item: string;
  total: string;
  closedTitle: string;
  closed: string;
  seeStatus: string;
  payTitle: (amount: string) => string;
  buttons: Readonly<Record<SandboxOutcome, SandboxButtonWords>>;
}

export const sandboxWords: Readonly<Record<SupportedLocale, SandboxWords>> = {
  en: {
    heading: 'Sandbox checkout',
    notice: 'This is the test payment page of a sandbox: no card is asked for and no money moves.',
    order: 'Order',
    item: 'Item',
    total: 'Total',
    closedTitle: 'Checkout closed',
    closed: 'This checkout is closed: it was paid, declined, canceled or has expired.',
    seeStatus: 'See the status of your order',
    payTitle: (amount) => `Pay ${amount}`,
    buttons: {
      pay: { label: 'Pay', hint: 'The payment succeeds at once.' },
      decline: { label: 'Decline', hint: 'The bank refuses the payment.' },
      cancel: { label: 'Cancel', hint: 'Leave the checkout without paying.' },
      'pay-later': {
        label: 'Pay later (completes asynchronously)',
        hint: 'Like a bank debit: processing first, paid a moment later.',
      },
    },
  },
  es: {
    heading: 'Pago de prueba (sandbox)',
    notice:
      'Esta es la página de pago de prueba de un entorno sandbox: no se pide ninguna tarjeta y no se mueve dinero.',
    order: 'Pedido',
    item: 'Producto',
    total: 'Total',
    closedTitle: 'Pago cerrado',
    closed: 'Este pago está cerrado: ya se pagó, se rechazó, se canceló o venció.',
    seeStatus: 'Ver el estado de su pedido',
    payTitle: (amount) => `Pagar ${amount}`,
    buttons: {
      pay: { label: 'Pagar', hint: 'El pago se completa al instante.' },
      decline: { label: 'Rechazar', hint: 'El banco rechaza el pago.' },
      cancel: { label: 'Cancelar', hint: 'Salir de la página de pago sin pagar.' },
      'pay-later': {
        label: 'Pagar después (se completa más tarde)',
        hint: 'Como un débito bancario: primero queda en proceso y se paga un momento después.',
      },
    },
  },
  'pt-BR': {
    heading: 'Pagamento de teste (sandbox)',
    notice:
      'Esta é a página de pagamento de teste de um ambiente sandbox: nenhum cartão é pedido e nenhum dinheiro é movimentado.',
    order: 'Pedido',
    item: 'Item',
    total: 'Total',
    closedTitle: 'Pagamento encerrado',
    closed: 'Este pagamento está encerrado: ele foi pago, recusado, cancelado ou expirou.',
    seeStatus: 'Ver o status do seu pedido',
    payTitle: (amount) => `Pagar ${amount}`,
    buttons: {
      pay: { label: 'Pagar', hint: 'O pagamento é aprovado na hora.' },
      decline: { label: 'Recusar', hint: 'O banco recusa o pagamento.' },
      cancel: { label: 'Cancelar', hint: 'Sair da página de pagamento sem pagar.' },
      'pay-later': {
        label: 'Pagar depois (conclui mais tarde)',
        hint: 'Como um débito em conta: primeiro fica em processamento e é pago logo depois.',
      },
    },
  },
  hi: {
    heading: 'टेस्ट भुगतान (सैंडबॉक्स)',
    notice: 'यह सैंडबॉक्स का टेस्ट भुगतान पेज है: कोई कार्ड नहीं मांगा जाता और कोई पैसा नहीं कटता।',
    order: 'ऑर्डर',
    item: 'सेवा',
    total: 'कुल',
    closedTitle: 'भुगतान बंद है',
    closed:
      'यह भुगतान बंद हो चुका है: इसका भुगतान हो गया, यह अस्वीकार हुआ, रद्द हुआ या इसकी समय-सीमा खत्म हो गई।',
    seeStatus: 'अपने ऑर्डर की स्थिति देखें',
    payTitle: (amount) => `${amount} का भुगतान करें`,
    buttons: {
      pay: { label: 'भुगतान करें', hint: 'भुगतान तुरंत सफल हो जाता है।' },
      decline: { label: 'अस्वीकार करें', hint: 'बैंक भुगतान अस्वीकार कर देता है।' },
      cancel: { label: 'रद्द करें', hint: 'बिना भुगतान किए भुगतान पेज से बाहर निकलें।' },
      'pay-later': {
        label: 'बाद में भुगतान करें (थोड़ी देर में पूरा होता है)',
        hint: 'बैंक डेबिट की तरह: पहले प्रोसेसिंग, फिर थोड़ी देर बाद भुगतान पूरा।',
      },
    },
  },
  id: {
    heading: 'Pembayaran uji coba (sandbox)',
    notice:
      'Ini adalah halaman pembayaran uji coba dari sandbox: tidak ada kartu yang diminta dan tidak ada uang yang berpindah.',
    order: 'Pesanan',
    item: 'Layanan',
    total: 'Total',
    closedTitle: 'Pembayaran ditutup',
    closed: 'Pembayaran ini sudah ditutup: sudah dibayar, ditolak, dibatalkan, atau kedaluwarsa.',
    seeStatus: 'Lihat status pesanan Anda',
    payTitle: (amount) => `Bayar ${amount}`,
    buttons: {
      pay: { label: 'Bayar', hint: 'Pembayaran langsung berhasil.' },
      decline: { label: 'Tolak', hint: 'Bank menolak pembayaran.' },
      cancel: { label: 'Batal', hint: 'Keluar dari halaman pembayaran tanpa membayar.' },
      'pay-later': {
        label: 'Bayar nanti (selesai beberapa saat kemudian)',
        hint: 'Seperti debit bank: diproses dulu, lalu lunas beberapa saat kemudian.',
      },
    },
  },
  ar: {
    heading: 'صفحة دفع تجريبية',
    notice: 'هذه صفحة الدفع التجريبية لبيئة اختبار: لا تُطلب أي بطاقة ولا تُنقل أي أموال.',
    order: 'الطلب',
    item: 'الخدمة',
    total: 'الإجمالي',
    closedTitle: 'عملية الدفع مغلقة',
    closed: 'عملية الدفع هذه مغلقة: فقد تم الدفع أو رُفض أو أُلغي أو انتهت صلاحيته.',
    seeStatus: 'عرض حالة الطلب',
    payTitle: (amount) => `دفع ${amount}`,
    buttons: {
      pay: { label: 'دفع', hint: 'ينجح الدفع فورًا.' },
      decline: { label: 'رفض', hint: 'يرفض البنك الدفع.' },
      cancel: { label: 'إلغاء', hint: 'مغادرة صفحة الدفع دون دفع.' },
      'pay-later': {
        label: 'الدفع لاحقًا (يكتمل بعد قليل)',
        hint: 'مثل الخصم المصرفي: قيد المعالجة أولًا، ثم يكتمل الدفع بعد لحظات.',
      },
    },
  },
};

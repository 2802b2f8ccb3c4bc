import type { EmailCatalog } from './en';

/** Indonesian, "Anda", with "diblokir" as WhatsApp's own Indonesian screens say it. */
export const id: EmailCatalog = {
  greeting: 'Halo,',
  'label.reference': 'Nomor referensi',
  'label.status': 'Status',
  'label.next': 'Langkah selanjutnya',
  'label.wait': 'Waktu biasanya',
  'label.caseLink': 'Halaman kasus Anda',
  'heading.details': 'Rincian',
  'heading.operatorAsks': 'Pertanyaan dari operator',
  'heading.fromOperator': 'Pesan dari operator',
  'steps.heading': 'Cara meminta peninjauan dari ponsel Anda:',
  pledge: 'Kami tidak pernah meminta kode SMS, PIN verifikasi dua langkah, atau kata sandi Anda.',
  questions: 'Ada pertanyaan? Kirim email ke {email} dan sebutkan nomor referensi {reference}.',
  footer: '{brand} (tidak berafiliasi dengan {app} maupun {owner})',
  fullStop: '.',

  'request_received.subject': 'Permintaan diterima',
  'request_received.intro':
    'Terima kasih: kami sudah menerima permintaan Anda untuk membuka blokir nomor {app} Anda.',
  'request_received.action': 'Selesaikan atau periksa pembayaran Anda',
  'payment_received.subject': 'Pembayaran diterima',
  'payment_received.intro':
    'Pembayaran Anda sudah dikonfirmasi dan kasus Anda sudah masuk antrean.',
  'payment_received.action': 'Pantau kasus Anda',
  'info_needed.subject': 'Informasi tambahan diperlukan',
  'info_needed.intro':
    'Operator yang menangani kasus Anda memerlukan informasi tambahan dari Anda.',
  'info_needed.action': 'Balas di halaman kasus Anda',
  'appeal_submitted.subject': 'Banding telah diajukan',
  'appeal_submitted.intro':
    'Kami telah mengajukan banding Anda melalui jalur peninjauan resmi {app}.',
  'appeal_submitted.action': 'Pantau kasus Anda',
  'unbanned.subject': 'Blokir nomor Anda sudah dibuka',
  'unbanned.intro': 'Kabar baik: {app} sudah membuka blokir nomor Anda.',
  'unbanned.action': 'Lihat kasus Anda',
  'refund_coming.subject': 'Blokir nomor Anda tidak dapat dibuka: dana dikembalikan penuh',
  'refund_coming.intro':
    'Kami tidak berhasil membuka blokir nomor Anda, jadi pembayaran Anda kami kembalikan sepenuhnya. Anda tidak perlu memintanya.',
  'refund_coming.action': 'Lihat kasus Anda',
  'request_canceled.subject': 'Permintaan dibatalkan',
  'request_canceled.intro': 'Permintaan Anda dibatalkan; tidak ada pekerjaan yang akan dilakukan.',
  'request_canceled.action': 'Lihat kasus Anda',
  'refund_issued.subject': 'Dana telah dikembalikan',
  'refund_issued.intro': 'Pembayaran Anda telah dikembalikan sepenuhnya.',
  'refund_issued.action': 'Lihat kasus Anda',
  'owner_review_requested.subject': 'Silakan minta peninjauan di {app}',
  'owner_review_requested.intro':
    'Ada satu langkah banding yang hanya bisa Anda lakukan: fitur “Minta peninjauan” di {app} memerlukan kode yang dikirim {app} lewat SMS ke nomor Anda, dan kami tidak pernah meminta kode itu. Silakan kirim permintaannya dari ponsel Anda, lalu beri tahu kami di halaman kasus Anda.',
  'owner_review_requested.action': 'Konfirmasi di halaman kasus Anda setelah mengirimnya',
  'owner_review_reminder.subject': 'Pengingat: silakan minta peninjauan di {app}',
  'owner_review_reminder.intro':
    'Kami meminta Anda untuk mengajukan peninjauan sendiri di {app}, dan kami belum menerima konfirmasi Anda. Jika sudah mengirimnya, cukup tekan “Saya sudah mengirim permintaan peninjauan” di halaman kasus Anda; jika belum, langkah-langkahnya ada di bawah.',
  'owner_review_reminder.action': 'Buka halaman kasus Anda',

  'state.awaiting_payment.label': 'Menunggu pembayaran',
  'state.awaiting_payment.next':
    'Selesaikan pembayaran; kasus Anda masuk antrean begitu pembayaran dikonfirmasi.',
  'state.queued.label': 'Dalam antrean',
  'state.queued.next': 'Seorang operator mengambil kasus Anda dan mulai menyiapkan banding Anda.',
  'state.in_review.label': 'Sedang ditinjau',
  'state.in_review.next':
    'Kami mengajukan banding melalui jalur peninjauan resmi {app}, atau menanyakan detail kepada Anda jika diperlukan.',
  'state.needs_info.label': 'Informasi tambahan diperlukan',
  'state.needs_info.next':
    'Balas di halaman kasus Anda; operator melanjutkan begitu Anda menjawab.',
  'state.appeal_submitted.label': 'Banding telah diajukan',
  'state.appeal_submitted.next':
    '{app} meninjau banding tersebut; kami memberi tahu hasilnya begitu kami menerimanya.',
  'state.unbanned.label': 'Blokir dibuka',
  'state.unbanned.next': 'Tidak ada lagi yang perlu dilakukan: Anda bisa masuk ke {app} lagi.',
  'state.denied.label': 'Banding ditolak',
  'state.denied.next':
    'Kami mengembalikan pembayaran Anda sepenuhnya secara otomatis; Anda tidak perlu memintanya.',
  'state.not_eligible.label': 'Tidak memenuhi syarat',
  'state.not_eligible.next':
    'Kami mengembalikan pembayaran Anda sepenuhnya secara otomatis; Anda tidak perlu memintanya.',
  'state.refunded.label': 'Dana dikembalikan',
  'state.refunded.next':
    'Tidak ada lagi yang perlu dilakukan; pengembalian dana biasanya perlu 5–10 hari kerja untuk muncul di laporan rekening Anda.',
  'state.canceled.label': 'Dibatalkan',
  'state.canceled.next':
    'Tidak ada lagi yang perlu dilakukan. Jika masih butuh bantuan, buat permintaan baru.',

  'wait.appealReview': 'beberapa jam hingga beberapa minggu, tergantung jenis blokirnya',
  'wait.refund': '5–10 hari kerja untuk muncul di laporan rekening Anda',
  'wait.replyHours': '{hours, plural, other {dalam # jam kerja}}',
  'wait.replyMinutes': '{minutes, plural, other {dalam # menit kerja}}',

  'notice.paymentReceived':
    'Pembayaran sebesar {amount} sudah diterima. Kasus Anda dalam antrean; seorang operator akan menanganinya {wait}.',
  'notice.paymentRefunded':
    'Pembayaran Anda sebesar {amount} telah dikembalikan sepenuhnya. Bank biasanya menampilkannya dalam 5–10 hari kerja.',
  'notice.refundedBeforeWork':
    'Pembayaran Anda sebesar {amount} dikembalikan sepenuhnya sebelum pekerjaan atas kasus Anda dimulai, jadi permintaan ini ditutup.',
  'notice.canceledPaid':
    'Anda membatalkan permintaan ini sebelum pekerjaan dimulai. Pembayaran Anda sebesar {amount} sedang dikembalikan sepenuhnya; bank biasanya menampilkannya dalam 5–10 hari kerja.',
  'notice.canceledUnpaid':
    'Anda membatalkan permintaan ini sebelum membayar. Jika ada pembayaran yang masih diproses, dana itu dikembalikan sepenuhnya secara otomatis.',
  'notice.appealSent':
    '{kind, select, follow_up {Tindak lanjut dikirim} other {Banding dikirim}} {channel, select, support_email {ke tim dukungan {app} lewat email} web_form {lewat formulir kontak {app}} business_manager {lewat Meta Business Manager} other {lewat peninjauan di dalam aplikasi {app}}}.',
  'notice.ownerReviewIsAppeal':
    'Permintaan peninjauan Anda di {app} adalah banding Anda: sekarang sedang diproses oleh {app}.',

  'ownerStep.1':
    'Buka {app} di {device, select, android {ponsel Android} iphone {iPhone} other {ponsel}} Anda, dengan nomor yang diblokir. Gunakan aplikasi resmi dari {device, select, android {Google Play Store} iphone {App Store} other {toko aplikasi resmi ponsel Anda}}; jika Anda memakai aplikasi modifikasi (GB WhatsApp, WhatsApp Plus, atau sejenisnya), pasang aplikasi resminya terlebih dahulu.',
  'ownerStep.2': 'Di layar yang menyatakan akun Anda diblokir, ketuk “Minta peninjauan”.',
  'ownerStep.3':
    '{app} mengirim kode 6 digit lewat SMS ke nomor yang diblokir. Ketik kode itu di {app} pada ponsel Anda, dan tidak di tempat lain: jangan kirimkan kepada siapa pun, termasuk kami.',
  'ownerStep.4':
    'Saat aplikasi menanyakan alasannya, tulis satu atau dua kalimat yang sopan: untuk apa Anda memakai nomor itu, dan bahwa menurut Anda blokir itu sebuah kekeliruan. Lalu kirim permintaannya.',
  'ownerStep.5':
    '{app} lalu menyatakan bahwa permintaan Anda terkirim. Kirim satu kali saja: mengirim berkali-kali tidak mempercepat peninjauan.',
  'ownerStep.6':
    'Kembali ke halaman kasus Anda dan tekan “Saya sudah mengirim permintaan peninjauan”, agar kami tahu dan bisa menindaklanjutinya.',
};

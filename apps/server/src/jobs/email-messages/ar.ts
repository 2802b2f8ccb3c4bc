import type { EmailCatalog } from './en';

/**
 * Modern Standard Arabic, read from Morocco to the Gulf. Addressed without marking the
 * reader's gender where a phrase allows it (يُرجى, the passive), as Arabic service mail does.
 * Names of apps and stores stay in Latin letters, as they appear on the phone. The HTML
 * part is written right to left (email-templates.ts).
 */
export const ar: EmailCatalog = {
  greeting: 'مرحبًا،',
  'label.reference': 'الرقم المرجعي',
  'label.status': 'الحالة',
  'label.next': 'الخطوة التالية',
  'label.wait': 'المدة المعتادة',
  'label.caseLink': 'صفحة طلبك',
  'heading.details': 'التفاصيل',
  'heading.operatorAsks': 'سؤال من الموظف',
  'heading.fromOperator': 'رسالة من الموظف',
  'steps.heading': 'طريقة طلب المراجعة من هاتفك:',
  pledge: 'لا نطلب منك أبدًا رمز SMS أو رمز PIN للتحقق بخطوتين أو كلمة المرور.',
  questions: 'لديك سؤال؟ راسلنا على {email} مع ذكر الرقم المرجعي {reference}.',
  footer: '{brand} (لا صلة لنا بـ {app} ولا بـ {owner})',
  fullStop: '.',

  'request_received.subject': 'استلمنا طلبك',
  'request_received.intro': 'شكرًا لك: استلمنا طلبك لرفع الحظر عن رقمك على {app}.',
  'request_received.action': 'أكمل الدفع أو تحقّق من حالته',
  'payment_received.subject': 'استلمنا الدفعة',
  'payment_received.intro': 'تم تأكيد دفعتك، وطلبك الآن في قائمة الانتظار.',
  'payment_received.action': 'تابع طلبك',
  'info_needed.subject': 'نحتاج إلى معلومات إضافية',
  'info_needed.intro': 'يحتاج الموظف المسؤول عن طلبك إلى معلومات إضافية منك.',
  'info_needed.action': 'أجب في صفحة طلبك',
  'appeal_submitted.subject': 'تم تقديم الطعن',
  'appeal_submitted.intro': 'قدّمنا طعنك عبر قنوات المراجعة الرسمية لدى {app}.',
  'appeal_submitted.action': 'تابع طلبك',
  'unbanned.subject': 'تم رفع الحظر عن رقمك',
  'unbanned.intro': 'خبر سار: رفعت {app} الحظر عن رقمك.',
  'unbanned.action': 'اطّلع على طلبك',
  'refund_coming.subject': 'تعذّر رفع الحظر عن رقمك: سنردّ إليك المبلغ كاملًا',
  'refund_coming.intro':
    'لم نتمكن من رفع الحظر عن رقمك، لذلك نردّ إليك المبلغ المدفوع كاملًا. لا حاجة إلى أن تطلب ذلك.',
  'refund_coming.action': 'اطّلع على طلبك',
  'request_canceled.subject': 'تم إلغاء الطلب',
  'request_canceled.intro': 'تم إلغاء طلبك، ولن يُنفَّذ أي عمل عليه.',
  'request_canceled.action': 'اطّلع على طلبك',
  'refund_issued.subject': 'تم ردّ المبلغ',
  'refund_issued.intro': 'تم ردّ المبلغ الذي دفعته كاملًا.',
  'refund_issued.action': 'اطّلع على طلبك',
  'owner_review_requested.subject': 'يُرجى طلب مراجعة في {app}',
  'owner_review_requested.intro':
    'هناك خطوة واحدة في طعنك لا يستطيع القيام بها غيرك: خيار «طلب مراجعة» في {app} يحتاج إلى الرمز الذي ترسله {app} برسالة SMS إلى رقمك، ونحن لا نطلب هذا الرمز أبدًا. يُرجى إرسال الطلب من هاتفك، ثم إخبارنا بذلك في صفحة طلبك.',
  'owner_review_requested.action': 'أكّد ذلك في صفحة طلبك بعد الإرسال',
  'owner_review_reminder.subject': 'تذكير: يُرجى طلب مراجعة في {app}',
  'owner_review_reminder.intro':
    'طلبنا منك أن تطلب المراجعة بنفسك في {app}، ولم يصلنا تأكيدك بعد. إن كنت قد أرسلته، فيكفي الضغط على «أرسلتُ طلب المراجعة» في صفحة طلبك؛ وإن لم تفعل، فالخطوات أدناه.',
  'owner_review_reminder.action': 'افتح صفحة طلبك',

  'state.awaiting_payment.label': 'بانتظار الدفع',
  'state.awaiting_payment.next': 'أكمل الدفع، وسينضم طلبك إلى قائمة الانتظار فور تأكيده.',
  'state.queued.label': 'في قائمة الانتظار',
  'state.queued.next': 'يتسلّم أحد الموظفين طلبك ويبدأ بإعداد طعنك.',
  'state.in_review.label': 'قيد المراجعة',
  'state.in_review.next':
    'نقدّم الطعن عبر قنوات المراجعة الرسمية لدى {app}، أو نطلب منك تفاصيل إضافية إن احتجنا إليها.',
  'state.needs_info.label': 'نحتاج إلى معلومات إضافية',
  'state.needs_info.next': 'أجب في صفحة طلبك، وسيتابع الموظف العمل فور وصول ردّك.',
  'state.appeal_submitted.label': 'تم تقديم الطعن',
  'state.appeal_submitted.next': 'تراجع {app} الطعن، وسنبلغك بالنتيجة فور وصولها إلينا.',
  'state.unbanned.label': 'تم رفع الحظر',
  'state.unbanned.next': 'لا شيء آخر عليك فعله: يمكنك تسجيل الدخول إلى {app} من جديد.',
  'state.denied.label': 'رُفض الطعن',
  'state.denied.next': 'نردّ إليك المبلغ كاملًا تلقائيًا، ولا حاجة إلى أن تطلب ذلك.',
  'state.not_eligible.label': 'غير مؤهل',
  'state.not_eligible.next': 'نردّ إليك المبلغ كاملًا تلقائيًا، ولا حاجة إلى أن تطلب ذلك.',
  'state.refunded.label': 'تم ردّ المبلغ',
  'state.refunded.next':
    'لا شيء آخر عليك فعله؛ يستغرق ظهور المبلغ المردود في كشف حسابك عادةً من 5 إلى 10 أيام عمل.',
  'state.canceled.label': 'ملغى',
  'state.canceled.next':
    'لا شيء آخر عليك فعله. إن كنت لا تزال بحاجة إلى المساعدة، فقدّم طلبًا جديدًا.',

  'wait.appealReview': 'من بضع ساعات إلى بضعة أسابيع، بحسب نوع الحظر',
  'wait.refund': 'من 5 إلى 10 أيام عمل حتى يظهر في كشف حسابك',
  'wait.replyHours':
    '{hours, plural, zero {خلال # ساعة عمل} one {خلال ساعة عمل واحدة} two {خلال ساعتَي عمل} few {خلال # ساعات عمل} many {خلال # ساعة عمل} other {خلال # ساعة عمل}}',
  'wait.replyMinutes':
    '{minutes, plural, zero {خلال # دقيقة عمل} one {خلال دقيقة عمل واحدة} two {خلال دقيقتَي عمل} few {خلال # دقائق عمل} many {خلال # دقيقة عمل} other {خلال # دقيقة عمل}}',

  'notice.paymentReceived':
    'استلمنا دفعتك البالغة {amount}. طلبك في قائمة الانتظار، وسيتسلّمه أحد الموظفين {wait}.',
  'notice.paymentRefunded':
    'تم ردّ دفعتك البالغة {amount} كاملة. تُظهر البنوك المبلغ عادةً خلال 5 إلى 10 أيام عمل.',
  'notice.refundedBeforeWork':
    'تم ردّ دفعتك البالغة {amount} كاملة قبل بدء العمل على طلبك، لذلك أُغلق هذا الطلب.',
  'notice.canceledPaid':
    'ألغيت هذا الطلب قبل بدء العمل عليه. يجري ردّ دفعتك البالغة {amount} كاملة، وتُظهر البنوك المبلغ عادةً خلال 5 إلى 10 أيام عمل.',
  'notice.canceledUnpaid':
    'ألغيت هذا الطلب قبل الدفع. إن كانت هناك دفعة قيد المعالجة، فستُردّ إليك كاملة تلقائيًا.',
  'notice.appealSent':
    '{kind, select, follow_up {أُرسلت متابعة} other {أُرسل الطعن}} {channel, select, support_email {إلى فريق دعم {app} بالبريد الإلكتروني} web_form {عبر نموذج التواصل لدى {app}} business_manager {عبر Meta Business Manager} other {عبر طلب المراجعة داخل تطبيق {app}}}.',
  'notice.ownerReviewIsAppeal': 'طلب المراجعة الذي أرسلته في {app} هو طعنك: وهو الآن لدى {app}.',

  'ownerStep.1':
    'افتح {app} على {device, select, android {هاتف Android} iphone {iPhone} other {هاتفك}} باستخدام الرقم المحظور. استخدم التطبيق الرسمي من {device, select, android {متجر Google Play} iphone {App Store} other {متجر التطبيقات الرسمي في هاتفك}}؛ وإن كنت تستخدم تطبيقًا معدّلًا (مثل GB WhatsApp أو WhatsApp Plus)، فثبّت التطبيق الرسمي أولًا.',
  'ownerStep.2': 'في الشاشة التي تقول إن حسابك محظور، اضغط على «طلب مراجعة».',
  'ownerStep.3':
    'ترسل {app} رمزًا من 6 أرقام برسالة SMS إلى الرقم المحظور. اكتبه في {app} على هاتفك فقط، ولا تكتبه في أي مكان آخر: لا ترسله إلى أحد، ولا إلينا.',
  'ownerStep.4':
    'عندما يسألك التطبيق عن السبب، اكتب جملة أو جملتين بلطف: فيمَ تستخدم الرقم، وأنك تعتقد أن الحظر جاء عن طريق الخطأ. ثم أرسل الطلب.',
  'ownerStep.5':
    'ستُعلمك {app} بعد ذلك بأن طلبك أُرسل. أرسله مرة واحدة فقط: فتكرار الطلب لا يسرّع المراجعة.',
  'ownerStep.6': 'عد إلى صفحة طلبك واضغط على «أرسلتُ طلب المراجعة»، لنعلم بذلك ونتابعه.',
};

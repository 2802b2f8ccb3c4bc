import type { EmailCatalog } from './en';

/**
 * Hindi, "आप", in everyday Hindi as people in India write it: the words everyone uses for
 * the app's own things stay as they say them (बैन, SMS, PIN, ऐप), not bookish coinages.
 */
export const hi: EmailCatalog = {
  greeting: 'नमस्ते,',
  'label.reference': 'रेफ़रेंस',
  'label.status': 'स्थिति',
  'label.next': 'आगे क्या होगा',
  'label.wait': 'आम तौर पर लगने वाला समय',
  'label.caseLink': 'आपके केस का पेज',
  'heading.details': 'विवरण',
  'heading.operatorAsks': 'ऑपरेटर का सवाल',
  'heading.fromOperator': 'ऑपरेटर का संदेश',
  'steps.heading': 'अपने फ़ोन से रिव्यू का अनुरोध कैसे करें:',
  pledge: 'हम आपसे कभी भी आपका SMS कोड, टू-स्टेप PIN या पासवर्ड नहीं माँगते।',
  questions: 'कोई सवाल? {email} पर लिखें और रेफ़रेंस {reference} बताएँ।',
  footer: '{brand} ({app} या {owner} से संबद्ध नहीं)',
  fullStop: '।',

  'request_received.subject': 'अनुरोध मिल गया',
  'request_received.intro': 'धन्यवाद: आपका {app} नंबर अनबैन करवाने का आपका अनुरोध हमें मिल गया है।',
  'request_received.action': 'अपना भुगतान पूरा करें या उसकी स्थिति देखें',
  'payment_received.subject': 'भुगतान मिल गया',
  'payment_received.intro': 'आपके भुगतान की पुष्टि हो गई है और आपका केस कतार में है।',
  'payment_received.action': 'अपने केस की जानकारी लेते रहें',
  'info_needed.subject': 'और जानकारी चाहिए',
  'info_needed.intro': 'आपके केस पर काम कर रहे ऑपरेटर को आपसे कुछ और जानकारी चाहिए।',
  'info_needed.action': 'अपने केस के पेज पर जवाब दें',
  'appeal_submitted.subject': 'अपील भेज दी गई',
  'appeal_submitted.intro': 'हमने {app} के आधिकारिक रिव्यू चैनलों से आपकी अपील भेज दी है।',
  'appeal_submitted.action': 'अपने केस की जानकारी लेते रहें',
  'unbanned.subject': 'आपका नंबर अनबैन हो गया है',
  'unbanned.intro': 'अच्छी खबर: {app} ने आपके नंबर पर लगा बैन हटा दिया है।',
  'unbanned.action': 'अपना केस देखें',
  'refund_coming.subject': 'आपका नंबर अनबैन नहीं हो सका: पूरा रिफ़ंड भेजा जा रहा है',
  'refund_coming.intro':
    'हम आपका नंबर अनबैन नहीं करवा सके, इसलिए आपका पूरा भुगतान वापस कर रहे हैं। आपको इसके लिए कहने की ज़रूरत नहीं है।',
  'refund_coming.action': 'अपना केस देखें',
  'request_canceled.subject': 'अनुरोध रद्द हो गया',
  'request_canceled.intro': 'आपका अनुरोध रद्द कर दिया गया है; इस पर कोई काम नहीं होगा।',
  'request_canceled.action': 'अपना केस देखें',
  'refund_issued.subject': 'रिफ़ंड कर दिया गया',
  'refund_issued.intro': 'आपका पूरा भुगतान वापस कर दिया गया है।',
  'refund_issued.action': 'अपना केस देखें',
  'owner_review_requested.subject': 'कृपया {app} में रिव्यू का अनुरोध करें',
  'owner_review_requested.intro':
    'आपकी अपील का एक कदम सिर्फ़ आप ही उठा सकते हैं: {app} के ऐप में “रिव्यू का अनुरोध करें” के लिए वह कोड चाहिए जो {app} आपके नंबर पर SMS से भेजता है, और हम वह कोड कभी नहीं माँगते। कृपया अपने फ़ोन से अनुरोध भेजें, फिर अपने केस के पेज पर हमें बताएँ।',
  'owner_review_requested.action': 'अनुरोध भेजने के बाद अपने केस के पेज पर पुष्टि करें',
  'owner_review_reminder.subject': 'याद दिलाना: कृपया {app} में रिव्यू का अनुरोध करें',
  'owner_review_reminder.intro':
    'हमने आपसे {app} में खुद रिव्यू का अनुरोध करने को कहा था, और हमें अभी तक आपकी पुष्टि नहीं मिली है। अगर आप भेज चुके हैं, तो बस अपने केस के पेज पर “मैंने रिव्यू का अनुरोध भेज दिया है” दबाएँ; अगर नहीं, तो तरीका नीचे दिया गया है।',
  'owner_review_reminder.action': 'अपने केस का पेज खोलें',

  'state.awaiting_payment.label': 'भुगतान बाकी है',
  'state.awaiting_payment.next': 'भुगतान पूरा करें; पुष्टि होते ही आपका केस कतार में आ जाएगा।',
  'state.queued.label': 'कतार में',
  'state.queued.next': 'एक ऑपरेटर आपका केस लेता है और आपकी अपील तैयार करना शुरू करता है।',
  'state.in_review.label': 'समीक्षा में',
  'state.in_review.next':
    'हम {app} के आधिकारिक रिव्यू चैनलों से अपील भेजते हैं, या ज़रूरत हो तो आपसे और जानकारी माँगते हैं।',
  'state.needs_info.label': 'और जानकारी चाहिए',
  'state.needs_info.next': 'अपने केस के पेज पर जवाब दें; आपका जवाब मिलते ही ऑपरेटर काम आगे बढ़ाएगा।',
  'state.appeal_submitted.label': 'अपील भेज दी गई',
  'state.appeal_submitted.next': '{app} अपील की समीक्षा करता है; नतीजा मिलते ही हम आपको बताएँगे।',
  'state.unbanned.label': 'अनबैन हो गया',
  'state.unbanned.next': 'अब आपको कुछ नहीं करना है: आप फिर से {app} में साइन इन कर सकते हैं।',
  'state.denied.label': 'अपील नामंज़ूर',
  'state.denied.next': 'हम आपका पूरा भुगतान अपने आप वापस कर देते हैं; आपको इसके लिए कहने की ज़रूरत नहीं है।',
  'state.not_eligible.label': 'योग्य नहीं',
  'state.not_eligible.next':
    'हम आपका पूरा भुगतान अपने आप वापस कर देते हैं; आपको इसके लिए कहने की ज़रूरत नहीं है।',
  'state.refunded.label': 'रिफ़ंड हो गया',
  'state.refunded.next':
    'अब आपको कुछ नहीं करना है; रिफ़ंड को आपके स्टेटमेंट में दिखने में आम तौर पर 5–10 कार्यदिवस लगते हैं।',
  'state.canceled.label': 'रद्द',
  'state.canceled.next': 'अब आपको कुछ नहीं करना है। अगर अब भी मदद चाहिए, तो नया अनुरोध करें।',

  'wait.appealReview': 'कुछ घंटों से लेकर कुछ हफ़्तों तक, बैन के हिसाब से',
  'wait.refund': 'आपके स्टेटमेंट में दिखने में 5–10 कार्यदिवस',
  'wait.replyHours': '{hours, plural, one {# कामकाजी घंटे के अंदर} other {# कामकाजी घंटों के अंदर}}',
  'wait.replyMinutes':
    '{minutes, plural, one {# कामकाजी मिनट के अंदर} other {# कामकाजी मिनटों के अंदर}}',

  'notice.paymentReceived':
    '{amount} का भुगतान मिल गया। आपका केस कतार में है; एक ऑपरेटर इसे {wait} ले लेगा।',
  'notice.paymentRefunded':
    '{amount} का आपका भुगतान पूरा वापस कर दिया गया है। बैंक आम तौर पर इसे 5–10 कार्यदिवस में दिखाते हैं।',
  'notice.refundedBeforeWork':
    'आपके केस पर काम शुरू होने से पहले ही {amount} का आपका भुगतान पूरा वापस कर दिया गया, इसलिए यह अनुरोध बंद कर दिया गया है।',
  'notice.canceledPaid':
    'आपने इस अनुरोध को काम शुरू होने से पहले रद्द कर दिया। {amount} का आपका भुगतान पूरा वापस किया जा रहा है; बैंक आम तौर पर इसे 5–10 कार्यदिवस में दिखाते हैं।',
  'notice.canceledUnpaid':
    'आपने भुगतान करने से पहले ही यह अनुरोध रद्द कर दिया। अगर कोई भुगतान रास्ते में था, तो वह अपने आप पूरा वापस कर दिया जाता है।',
  'notice.appealSent':
    '{channel, select, support_email {{app} सपोर्ट को ईमेल से} web_form {{app} के संपर्क फ़ॉर्म से} business_manager {Meta Business Manager से} other {{app} के ऐप में रिव्यू से}} {kind, select, follow_up {फ़ॉलो-अप भेजा गया} other {अपील भेजी गई}}।',
  'notice.ownerReviewIsAppeal': '{app} में आपका रिव्यू अनुरोध ही आपकी अपील है: अब यह {app} के पास है।',

  'ownerStep.1':
    'अपने {device, select, android {Android फ़ोन} iphone {iPhone} other {फ़ोन}} पर बैन हुए नंबर के साथ {app} खोलें। {device, select, android {Google Play Store} iphone {App Store} other {अपने फ़ोन के आधिकारिक ऐप स्टोर}} से आधिकारिक ऐप ही इस्तेमाल करें; अगर आप कोई बदला हुआ ऐप (GB WhatsApp, WhatsApp Plus या ऐसा ही कोई) इस्तेमाल करते हैं, तो पहले आधिकारिक ऐप इंस्टॉल करें।',
  'ownerStep.2': 'जिस स्क्रीन पर लिखा है कि आपका अकाउंट बैन है, वहाँ “रिव्यू का अनुरोध करें” पर टैप करें।',
  'ownerStep.3':
    '{app} बैन हुए नंबर पर SMS से 6 अंकों का कोड भेजता है। उसे अपने फ़ोन में {app} में ही डालें, और कहीं नहीं: यह कोड किसी को न भेजें, हमें भी नहीं।',
  'ownerStep.4':
    'जब ऐप वजह पूछे, तो एक-दो विनम्र वाक्य लिखें: आप इस नंबर का इस्तेमाल किस लिए करते हैं, और आपको लगता है कि बैन गलती से हुआ है। फिर अनुरोध भेज दें।',
  'ownerStep.5':
    'इसके बाद {app} बताता है कि आपका अनुरोध भेज दिया गया है। इसे एक ही बार भेजें: बार-बार भेजने से रिव्यू जल्दी नहीं होता।',
  'ownerStep.6':
    'अपने केस के पेज पर वापस आएँ और “मैंने रिव्यू का अनुरोध भेज दिया है” दबाएँ, ताकि हमें पता चले और हम आगे की कार्रवाई कर सकें।',
};

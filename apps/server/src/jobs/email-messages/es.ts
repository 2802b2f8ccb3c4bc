import type { EmailCatalog } from './en';

/**
 * Spanish, for readers in Mexico, the rest of Latin America and Spain: neutral vocabulary
 * (no voseo, no peninsular-only words) and "usted", as a paid service writes to a customer.
 */
export const es: EmailCatalog = {
  greeting: 'Hola:',
  'label.reference': 'Referencia',
  'label.status': 'Estado',
  'label.next': 'Qué sigue',
  'label.wait': 'Tiempo habitual',
  'label.caseLink': 'La página de su caso',
  'heading.details': 'Detalles',
  'heading.operatorAsks': 'El operador le pregunta',
  'heading.fromOperator': 'Mensaje del operador',
  'steps.heading': 'Cómo solicitar la revisión desde su teléfono:',
  pledge: 'Nunca le pediremos su código SMS, su PIN de verificación en dos pasos ni su contraseña.',
  questions: '¿Tiene preguntas? Escríbanos a {email} e indique la referencia {reference}.',
  footer: '{brand} (sin relación con {app} ni con {owner})',
  fullStop: '.',

  'request_received.subject': 'Solicitud recibida',
  'request_received.intro':
    'Gracias: recibimos su solicitud para que le quiten la suspensión a su número de {app}.',
  'request_received.action': 'Complete o consulte su pago',
  'payment_received.subject': 'Pago recibido',
  'payment_received.intro': 'Su pago está confirmado y su caso ya está en la cola.',
  'payment_received.action': 'Siga su caso',
  'info_needed.subject': 'Necesitamos más información',
  'info_needed.intro': 'El operador que lleva su caso necesita más información de usted.',
  'info_needed.action': 'Responda en la página de su caso',
  'appeal_submitted.subject': 'Apelación enviada',
  'appeal_submitted.intro': 'Enviamos su apelación por los canales oficiales de revisión de {app}.',
  'appeal_submitted.action': 'Siga su caso',
  'unbanned.subject': 'Su número ya no está suspendido',
  'unbanned.intro': 'Buenas noticias: {app} levantó la suspensión de su número.',
  'unbanned.action': 'Vea su caso',
  'refund_coming.subject': 'No pudimos recuperar su número: le devolvemos el importe completo',
  'refund_coming.intro':
    'No logramos que le quitaran la suspensión a su número, así que le reembolsamos el pago completo. No necesita pedirlo.',
  'refund_coming.action': 'Vea su caso',
  'request_canceled.subject': 'Solicitud cancelada',
  'request_canceled.intro': 'Su solicitud está cancelada; no se trabajará en ella.',
  'request_canceled.action': 'Vea su caso',
  'refund_issued.subject': 'Reembolso realizado',
  'refund_issued.intro': 'Le reembolsamos el pago completo.',
  'refund_issued.action': 'Vea su caso',
  'owner_review_requested.subject': 'Solicite una revisión en {app}',
  'owner_review_requested.intro':
    'Hay un paso de su apelación que solo usted puede dar: la opción “Solicitar una revisión” de {app} necesita el código que {app} envía por SMS a su número, y nosotros nunca pedimos ese código. Envíe la solicitud desde su teléfono y luego avísenos en la página de su caso.',
  'owner_review_requested.action': 'Confírmelo en la página de su caso cuando la haya enviado',
  'owner_review_reminder.subject': 'Recordatorio: solicite una revisión en {app}',
  'owner_review_reminder.intro':
    'Le pedimos que solicitara usted mismo una revisión en {app} y todavía no hemos recibido su confirmación. Si ya la envió, solo pulse “Ya envié la solicitud de revisión” en la página de su caso; si no, abajo están los pasos.',
  'owner_review_reminder.action': 'Abra la página de su caso',

  'state.awaiting_payment.label': 'Pendiente de pago',
  'state.awaiting_payment.next':
    'Complete el pago; su caso entra en la cola en cuanto se confirme.',
  'state.queued.label': 'En cola',
  'state.queued.next': 'Un operador toma su caso y empieza a preparar su apelación.',
  'state.in_review.label': 'En revisión',
  'state.in_review.next':
    'Enviamos la apelación por los canales oficiales de revisión de {app} o, si necesitamos algún dato, se lo pedimos.',
  'state.needs_info.label': 'Necesitamos más información',
  'state.needs_info.next':
    'Responda en la página de su caso; el operador continúa en cuanto usted conteste.',
  'state.appeal_submitted.label': 'Apelación enviada',
  'state.appeal_submitted.next':
    '{app} revisa la apelación; le comunicamos el resultado en cuanto lo recibamos.',
  'state.unbanned.label': 'Suspensión levantada',
  'state.unbanned.next': 'No tiene que hacer nada más: ya puede volver a entrar en {app}.',
  'state.denied.label': 'Apelación rechazada',
  'state.denied.next': 'Le reembolsamos el pago completo automáticamente; no necesita pedirlo.',
  'state.not_eligible.label': 'No apto',
  'state.not_eligible.next':
    'Le reembolsamos el pago completo automáticamente; no necesita pedirlo.',
  'state.refunded.label': 'Reembolsado',
  'state.refunded.next':
    'No tiene que hacer nada más; el reembolso suele tardar de 5 a 10 días hábiles en aparecer en su estado de cuenta.',
  'state.canceled.label': 'Cancelada',
  'state.canceled.next':
    'No tiene que hacer nada más. Si todavía necesita ayuda, haga una nueva solicitud.',

  'wait.appealReview': 'de unas horas a unas semanas, según la suspensión',
  'wait.refund': 'de 5 a 10 días hábiles en aparecer en su estado de cuenta',
  'wait.replyHours': '{hours, plural, one {en # hora hábil} other {en # horas hábiles}}',
  'wait.replyMinutes': '{minutes, plural, one {en # minuto hábil} other {en # minutos hábiles}}',

  'notice.paymentReceived':
    'Recibimos su pago de {amount}. Su caso está en la cola; un operador lo tomará {wait}.',
  'notice.paymentRefunded':
    'Le reembolsamos su pago de {amount} completo. Los bancos suelen reflejarlo en un plazo de 5 a 10 días hábiles.',
  'notice.refundedBeforeWork':
    'Le reembolsamos su pago de {amount} completo antes de empezar a trabajar en su caso, así que esta solicitud queda cerrada.',
  'notice.canceledPaid':
    'Canceló esta solicitud antes de que empezáramos a trabajar en ella. Le estamos reembolsando su pago de {amount} completo; los bancos suelen reflejarlo en un plazo de 5 a 10 días hábiles.',
  'notice.canceledUnpaid':
    'Canceló esta solicitud antes de pagarla. Si había un pago en curso, se le reembolsa completo automáticamente.',
  'notice.appealSent':
    '{kind, select, follow_up {Seguimiento enviado} other {Apelación enviada}} {channel, select, support_email {al soporte de {app} por correo electrónico} web_form {mediante el formulario de contacto de {app}} business_manager {mediante Meta Business Manager} other {mediante la revisión dentro de la app de {app}}}.',
  'notice.ownerReviewIsAppeal':
    'Su solicitud de revisión en {app} es su apelación: ahora está en manos de {app}.',

  'ownerStep.1':
    'Abra {app} en su {device, select, android {teléfono Android} iphone {iPhone} other {teléfono}} con el número suspendido. Use la app oficial de {device, select, android {Google Play Store} iphone {App Store} other {la tienda oficial de aplicaciones de su teléfono}}; si usa una app modificada (GB WhatsApp, WhatsApp Plus o similares), instale primero la oficial.',
  'ownerStep.2':
    'En la pantalla que dice que su cuenta está suspendida, toque “Solicitar una revisión”.',
  'ownerStep.3':
    '{app} envía un código de 6 dígitos por SMS al número suspendido. Escríbalo en {app} en su teléfono y en ningún otro lugar: no se lo envíe a nadie, tampoco a nosotros.',
  'ownerStep.4':
    'Cuando la app le pregunte por qué, escriba una o dos frases amables: para qué usa el número y que cree que la suspensión es un error. Después envíe la solicitud.',
  'ownerStep.5':
    '{app} le indicará que su solicitud se envió. Envíela una sola vez: enviar más solicitudes no acelera la revisión.',
  'ownerStep.6':
    'Vuelva a la página de su caso y pulse “Ya envié la solicitud de revisión”, para que lo sepamos y podamos darle seguimiento.',
};

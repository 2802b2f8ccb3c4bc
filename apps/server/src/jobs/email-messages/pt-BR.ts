import type { EmailCatalog } from './en';

/** Brazilian Portuguese, "você", in the words Brazilians use for a banned number ("banido"). */
export const ptBR: EmailCatalog = {
  greeting: 'Olá,',
  'label.reference': 'Referência',
  'label.status': 'Status',
  'label.next': 'Próximos passos',
  'label.wait': 'Prazo habitual',
  'label.caseLink': 'Página do seu caso',
  'heading.details': 'Detalhes',
  'heading.operatorAsks': 'O atendente pergunta',
  'heading.fromOperator': 'Mensagem do atendente',
  'steps.heading': 'Como solicitar a análise pelo seu celular:',
  pledge: 'Nunca pedimos seu código SMS, seu PIN da confirmação em duas etapas nem sua senha.',
  questions: 'Dúvidas? Escreva para {email} e informe a referência {reference}.',
  footer: '{brand} (sem vínculo com {app} nem com {owner})',
  fullStop: '.',

  'request_received.subject': 'Pedido recebido',
  'request_received.intro': 'Obrigado: recebemos seu pedido para desbanir seu número do {app}.',
  'request_received.action': 'Conclua ou confira seu pagamento',
  'payment_received.subject': 'Pagamento recebido',
  'payment_received.intro': 'Seu pagamento foi confirmado e seu caso está na fila.',
  'payment_received.action': 'Acompanhe seu caso',
  'info_needed.subject': 'Precisamos de mais informações',
  'info_needed.intro': 'O atendente responsável pelo seu caso precisa de mais informações.',
  'info_needed.action': 'Responda na página do seu caso',
  'appeal_submitted.subject': 'Recurso enviado',
  'appeal_submitted.intro': 'Enviamos seu recurso pelos canais oficiais de análise do {app}.',
  'appeal_submitted.action': 'Acompanhe seu caso',
  'unbanned.subject': 'Seu número foi desbanido',
  'unbanned.intro': 'Boa notícia: o {app} removeu o banimento do seu número.',
  'unbanned.action': 'Veja seu caso',
  'refund_coming.subject': 'Não foi possível desbanir seu número: reembolso integral a caminho',
  'refund_coming.intro':
    'Não conseguimos desbanir seu número, então vamos reembolsar seu pagamento integralmente. Você não precisa pedir.',
  'refund_coming.action': 'Veja seu caso',
  'request_canceled.subject': 'Pedido cancelado',
  'request_canceled.intro': 'Seu pedido foi cancelado; nenhum trabalho será feito nele.',
  'request_canceled.action': 'Veja seu caso',
  'refund_issued.subject': 'Reembolso feito',
  'refund_issued.intro': 'Seu pagamento foi reembolsado integralmente.',
  'refund_issued.action': 'Veja seu caso',
  'owner_review_requested.subject': 'Solicite uma análise no {app}',
  'owner_review_requested.intro':
    'Uma etapa do seu recurso só você pode fazer: a opção “Solicitar análise” do {app} precisa do código que o {app} envia por SMS para o seu número, e nós nunca pedimos esse código. Envie a solicitação pelo seu celular e depois nos avise na página do seu caso.',
  'owner_review_requested.action': 'Confirme na página do seu caso depois de enviar',
  'owner_review_reminder.subject': 'Lembrete: solicite uma análise no {app}',
  'owner_review_reminder.intro':
    'Pedimos que você mesmo solicitasse uma análise no {app} e ainda não recebemos sua confirmação. Se já enviou, basta tocar em “Já enviei a solicitação de análise” na página do seu caso; se ainda não, os passos estão abaixo.',
  'owner_review_reminder.action': 'Abra a página do seu caso',

  'state.awaiting_payment.label': 'Aguardando pagamento',
  'state.awaiting_payment.next':
    'Conclua o pagamento; seu caso entra na fila assim que ele for confirmado.',
  'state.queued.label': 'Na fila',
  'state.queued.next': 'Um atendente pega seu caso e começa a preparar seu recurso.',
  'state.in_review.label': 'Em análise',
  'state.in_review.next':
    'Enviamos o recurso pelos canais oficiais de análise do {app} ou pedimos mais detalhes, se precisarmos.',
  'state.needs_info.label': 'Precisamos de mais informações',
  'state.needs_info.next':
    'Responda na página do seu caso; o atendente continua assim que você responder.',
  'state.appeal_submitted.label': 'Recurso enviado',
  'state.appeal_submitted.next':
    'O {app} analisa o recurso; avisamos o resultado assim que o recebermos.',
  'state.unbanned.label': 'Desbanido',
  'state.unbanned.next': 'Não precisa fazer mais nada: você já pode entrar no {app} de novo.',
  'state.denied.label': 'Recurso negado',
  'state.denied.next':
    'Reembolsamos seu pagamento integralmente e automaticamente; você não precisa pedir.',
  'state.not_eligible.label': 'Não elegível',
  'state.not_eligible.next':
    'Reembolsamos seu pagamento integralmente e automaticamente; você não precisa pedir.',
  'state.refunded.label': 'Reembolsado',
  'state.refunded.next':
    'Não precisa fazer mais nada; o reembolso costuma levar de 5 a 10 dias úteis para aparecer na sua fatura.',
  'state.canceled.label': 'Cancelado',
  'state.canceled.next':
    'Não precisa fazer mais nada. Se ainda precisar de ajuda, faça um novo pedido.',

  'wait.appealReview': 'de algumas horas a algumas semanas, dependendo do banimento',
  'wait.refund': 'de 5 a 10 dias úteis para aparecer na sua fatura',
  'wait.replyHours': '{hours, plural, one {em até # hora útil} other {em até # horas úteis}}',
  'wait.replyMinutes':
    '{minutes, plural, one {em até # minuto útil} other {em até # minutos úteis}}',

  'notice.paymentReceived':
    'Pagamento de {amount} recebido. Seu caso está na fila; um atendente vai pegá-lo {wait}.',
  'notice.paymentRefunded':
    'Seu pagamento de {amount} foi reembolsado integralmente. Os bancos costumam mostrar o valor em 5 a 10 dias úteis.',
  'notice.refundedBeforeWork':
    'Seu pagamento de {amount} foi reembolsado integralmente antes do início do trabalho no seu caso, então este pedido foi encerrado.',
  'notice.canceledPaid':
    'Você cancelou este pedido antes do início do trabalho. Seu pagamento de {amount} está sendo reembolsado integralmente; os bancos costumam mostrar o valor em 5 a 10 dias úteis.',
  'notice.canceledUnpaid':
    'Você cancelou este pedido antes de pagar. Se algum pagamento ainda estava a caminho, ele é reembolsado integralmente e automaticamente.',
  'notice.appealSent':
    '{kind, select, follow_up {Reforço enviado} other {Recurso enviado}} {channel, select, support_email {ao suporte do {app} por e-mail} web_form {pelo formulário de contato do {app}} business_manager {pelo Meta Business Manager} other {pela análise dentro do app {app}}}.',
  'notice.ownerReviewIsAppeal':
    'Sua solicitação de análise no {app} é o seu recurso: agora ela está com o {app}.',

  'ownerStep.1':
    'Abra o {app} no seu {device, select, android {celular Android} iphone {iPhone} other {celular}}, com o número banido. Use o app oficial {device, select, android {da Google Play Store} iphone {da App Store} other {da loja oficial de apps do seu celular}}; se você usa um app modificado (GB WhatsApp, WhatsApp Plus ou parecido), instale o oficial primeiro.',
  'ownerStep.2': 'Na tela que diz que sua conta está banida, toque em “Solicitar análise”.',
  'ownerStep.3':
    'O {app} envia um código de 6 dígitos por SMS para o número banido. Digite-o no {app} do seu celular e em nenhum outro lugar: não envie o código para ninguém, nem para nós.',
  'ownerStep.4':
    'Quando o app perguntar o motivo, escreva uma ou duas frases educadas: para que você usa o número e que acredita que o banimento foi um engano. Depois envie a solicitação.',
  'ownerStep.5':
    'O {app} então informa que sua solicitação foi enviada. Envie só uma vez: mais solicitações não aceleram a análise.',
  'ownerStep.6':
    'Volte à página do seu caso e toque em “Já enviei a solicitação de análise”, para sabermos e podermos acompanhar.',
};

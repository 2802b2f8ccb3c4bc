-- Payment events used to be stored whole: a Stripe event carries the payer's name, e-mail,
-- address and card details (brand, last4, expiry, fingerprint). Keep only what the state
-- machine and the sandbox read (ids, type, amounts, statuses, our own metadata), as new
-- events are stored (payments/providers/webhook-event.ts eventRecord).
UPDATE "payment_events"
SET "payload" = jsonb_build_object(
  'id', "payload" -> 'id',
  'type', "payload" -> 'type',
  'data', jsonb_build_object(
    'object', jsonb_strip_nulls(jsonb_build_object(
      'id', "payload" #> '{data,object,id}',
      'object', "payload" #> '{data,object,object}',
      'payment_intent', CASE jsonb_typeof("payload" #> '{data,object,payment_intent}')
        WHEN 'object' THEN "payload" #> '{data,object,payment_intent,id}'
        ELSE "payload" #> '{data,object,payment_intent}' END,
      'amount', "payload" #> '{data,object,amount}',
      'amount_total', "payload" #> '{data,object,amount_total}',
      'amount_refunded', "payload" #> '{data,object,amount_refunded}',
      'currency', "payload" #> '{data,object,currency}',
      'status', "payload" #> '{data,object,status}',
      'payment_status', "payload" #> '{data,object,payment_status}',
      'metadata', "payload" #> '{data,object,metadata}',
      'sandbox_settles_at', "payload" #> '{data,object,sandbox_settles_at}',
      'sandbox_payment_failed', "payload" #> '{data,object,sandbox_payment_failed}'
    ))
  )
);

import type { IntlShape } from 'react-intl';
import type { MessageId } from './catalog';

/** The words every state of a contract table carries, which the catalog says per language. */
interface StateWords {
  label: string;
  meaning: string;
  next: string;
  usualWait: string | null;
}

type Field = 'label' | 'meaning' | 'next' | 'usualWait';

/**
 * A contract table of states (its flags kept) with its words from the catalog:
 * `<prefix>.<state>.label|meaning|next`, and the usual wait as `usualWait` decides, since
 * each table words that one differently.
 */
export function statesInWords<State extends string, Info extends StateWords>(
  intl: IntlShape,
  prefix: 'caseState' | 'paymentState',
  table: Readonly<Record<State, Info>>,
  usualWait: (state: State, info: Info, say: (field: Field) => string) => string | null,
  values?: Record<string, string>,
): Readonly<Record<State, Info>> {
  const states = Object.keys(table) as State[];
  return Object.fromEntries(
    states.map((state) => {
      const info = table[state];
      const say = (field: Field) =>
        intl.formatMessage({ id: `${prefix}.${state}.${field}` as MessageId }, values);
      return [
        state,
        {
          ...info,
          label: say('label'),
          meaning: say('meaning'),
          next: say('next'),
          usualWait: usualWait(state, info, say),
        },
      ];
    }),
  ) as Record<State, Info>;
}

import type { FormEvent } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { BanCheckAnswers } from '@unban/contract/ban-check';
import { banCheckAnswersSchema } from '@unban/contract/ban-check';
import type { Question, QuestionName } from './ban-check-questions';
import { FormattedMessage, useIntl } from 'react-intl';
import { banCheckQuestions, questionId, questionNames } from './ban-check-questions';
import { useValidationMessage } from '../../lib/i18n/validation-message';

type Problems = Partial<Record<QuestionName, string>>;

function isQuestionName(value: unknown): value is QuestionName {
  return questionNames.some((name) => name === value);
}

/** The schema's messages by question; a missing situation is reported without a path. */
function problemsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const problems: Problems = {};
  for (const issue of issues) {
    const name = issue.path[0] ?? 'situation';
    if (isQuestionName(name)) problems[name] ??= issue.message;
  }
  return problems;
}

const errorId = (name: QuestionName) => `${questionId(name)}-error`;

/** A group of radios; its error is part of the group's description, read on entering it. */
function RadioQuestion({ question, problem }: { question: Question; problem?: string }) {
  const hintId = question.hint ? `${questionId(question.name)}-hint` : undefined;
  const describedBy = [hintId, problem && errorId(question.name)].filter(Boolean).join(' ');
  return (
    <fieldset className="ban-check__question" aria-describedby={describedBy || undefined}>
      <legend>{question.legend}</legend>
      {question.hint && (
        <p id={hintId} className="ban-check__hint">
          {question.hint}
        </p>
      )}
      {problem && (
        <p id={errorId(question.name)} className="ban-check__error">
          <span className="visually-hidden">
            <FormattedMessage id="form.errorPrefix" />
          </span>
          {problem}
        </p>
      )}
      {question.options.map((option, index) => (
        <label key={option.value} className="ban-check__choice">
          <input
            type="radio"
            name={question.name}
            value={option.value}
            id={index === 0 ? questionId(question.name) : undefined}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

export interface BanCheckFormProps {
  /** Id of the heading that names the form. */
  titleId: string;
  hidden: boolean;
  onAnswered: (answers: BanCheckAnswers) => void;
}

/**
 * The questionnaire. Its radios are plain, uncontrolled form fields read with FormData on
 * submit: the page is prerendered, and a choice made before the app starts (it starts on first
 * use) must survive hydration, which React state set from defaults would overwrite.
 */
export function BanCheckForm({ titleId, hidden, onAnswered }: BanCheckFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [situation, setSituation] = useState<string>('');
  const [problems, setProblems] = useState<Problems>({});
  const [attempt, setAttempt] = useState(0);
  const intl = useIntl();
  const sayProblem = useValidationMessage();
  const { allQuestions, banQuestions, situationQuestion } = useMemo(
    () => banCheckQuestions(intl),
    [intl],
  );

  useEffect(() => {
    // A situation picked before the app started is in the DOM, not yet in state.
    const picked = formRef.current && new FormData(formRef.current).get('situation');
    if (typeof picked === 'string') setSituation(picked);
  }, []);

  const askBanQuestions = situation === '' || situation === 'ban';
  const asked = askBanQuestions ? allQuestions : [situationQuestion];
  const listed = asked.filter((question) => problems[question.name]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = banCheckAnswersSchema.safeParse(
      Object.fromEntries(new FormData(event.currentTarget)),
    );
    if (result.success) {
      setProblems({});
      onAnswered(result.data);
      return;
    }
    const found = problemsOf(result.error.issues);
    setProblems(found);
    setAttempt((count) => count + 1);
    const first = allQuestions.find((question) => found[question.name]);
    if (first) document.getElementById(questionId(first.name))?.focus();
  }

  return (
    <form
      ref={formRef}
      className="ban-check__form"
      noValidate
      hidden={hidden}
      aria-labelledby={titleId}
      onSubmit={onSubmit}
      onChange={(event) => {
        const { target } = event;
        if (target instanceof HTMLInputElement && target.name === 'situation') {
          setSituation(target.value);
        }
      }}
    >
      {listed.length > 0 && (
        <div key={attempt} className="notice notice--warning ban-check__summary" role="alert">
          <h2>
            <FormattedMessage id="banCheck.summaryTitle" values={{ count: listed.length }} />
          </h2>
          <ul>
            {listed.map((question) => (
              <li key={question.name}>
                <a
                  href={`#${questionId(question.name)}`}
                  onClick={(event) => {
                    // A bare #id would be read as a route by the hash router.
                    event.preventDefault();
                    document.getElementById(questionId(question.name))?.focus();
                  }}
                >
                  {sayProblem(problems[question.name])}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <RadioQuestion question={situationQuestion} problem={sayProblem(problems.situation)} />
      <div hidden={!askBanQuestions}>
        {banQuestions.map((question) => (
          <RadioQuestion
            key={question.name}
            question={question}
            problem={sayProblem(problems[question.name])}
          />
        ))}
      </div>
      <p>
        <button type="submit" className="button button--primary">
          <FormattedMessage id="banCheck.submit" />
        </button>
      </p>
    </form>
  );
}

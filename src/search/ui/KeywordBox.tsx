/** Free-text search within stock; it runs on submit, not per keystroke. */
import { useId } from 'react';
import { useSearchBox } from 'react-instantsearch';
import { useStateResetBy } from './hooks';

export function KeywordBoxView({ value, onSubmit }: { value: string; onSubmit: (value: string) => void }) {
  const id = useId();
  const [text, setText] = useStateResetBy(value, value);
  return (
    <form
      className="keyword-box"
      role="search"
      aria-label="Search stock"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(text.trim());
      }}
    >
      <label htmlFor={id}>Keyword or stock number</label>
      <div className="keyword-row">
        <input id={id} type="search" value={text} maxLength={200} autoComplete="off" onChange={(event) => setText(event.target.value)} />
        <button type="submit" className="button button-brand">
          Search
        </button>
      </div>
    </form>
  );
}

export function KeywordBox() {
  const { query, refine } = useSearchBox();
  return <KeywordBoxView value={query} onSubmit={refine} />;
}

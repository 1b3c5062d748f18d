-- Repeatable: applied at every start after the migrations, under the start-up lock
-- (src/server/db/functions.ts), so each statement is `create or replace` and the same text runs on
-- PGlite and PostgreSQL. Change a function here, never in a migration; a migration only drops a
-- function or changes its arguments or result type, which `create or replace` cannot
-- (docs/decisions/029-sql-functions-repeatable.md).
--
-- PostgreSQL 15+ refuses a role that is not superuser the `set pg_trgm.…` below (42501) unless
-- pg_trgm's library is loaded in the session: src/server/db/functions.ts calls one of its functions
-- first.

-- `search_similar_words`: the closest vocabulary words to a word with a typing mistake. The
-- vocabulary is small (about a thousand words), so the planner prefers a sequential scan, which
-- computes a trigram similarity per word (tens of milliseconds on PGlite); the trigram GIN index
-- finds the few candidates in half a millisecond. The function's own settings keep the index and set
-- the thresholds. `unfinished`: the last word as typed so far (`fundat`), matched by word similarity.
create or replace function search_similar_words(typed text, unfinished boolean, preferred_language text)
returns table (id integer, word text, score real)
language sql stable
set enable_seqscan = off
set pg_trgm.similarity_threshold = 0.4
set pg_trgm.word_similarity_threshold = 0.4
as $$
  select id, word, score from (
    select w.id, w.word, w.language, w.weight, similarity(w.word, typed) as score
    from search_words w where not unfinished and w.word % typed
    union all
    select w.id, w.word, w.language, w.weight, greatest(similarity(w.word, typed), word_similarity(typed, w.word)) as score
    from search_words w where unfinished and typed <% w.word
  ) candidates
  order by score desc, language = preferred_language desc, weight desc, word
  limit 8
$$;

-- Popular searches counted per distinct shopper (src/server/search/popular.ts): one row per country,
-- language, query, day (the country's calendar) and shopper (a keyed hash of the client's address).
-- The primary key is what makes a client repeating a query count once a day, on any number of
-- processes. The per-query counters of search_queries could not tell one client from many, so one
-- client could push a word onto every shopper's list: they are dropped, not carried over.
CREATE TABLE "search_query_shoppers" (
	"country" text NOT NULL,
	"language" text NOT NULL,
	"query" text NOT NULL,
	"day" date NOT NULL,
	"shopper" text NOT NULL,
	CONSTRAINT "search_query_shoppers_country_language_query_day_shopper_pk" PRIMARY KEY("country","language","query","day","shopper")
);
--> statement-breakpoint
CREATE INDEX "search_query_shoppers_day_idx" ON "search_query_shoppers" USING btree ("day");--> statement-breakpoint
DROP TABLE "search_queries" CASCADE;

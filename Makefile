# The two commands: `make start` runs the service, `make test` runs every test. Both install what is missing first.
.PHONY: setup start test generate check-generated bench

setup:
	@bash scripts/setup.sh

start: setup
	npm start

generate: setup
	npm run generate

check-generated:
	npm run generate -- --check

# The check of generated/, the type check, the import boundaries and the PostgreSQL pass run beside the SQLite suites
# (nothing waits for another before the tests start); any of them failing fails the target. The test files run built,
# three processes at a time, the files that test modules in process grouped a few to a process, the longest first as
# the last run measured them (scripts/run-tests.ts). Every suite runs on SQLite; the store's contract tests and the
# multi-instance service tests run on a throwaway PostgreSQL cluster (scripts/test-postgres.ts), their output kept
# aside and shown after the SQLite suites' so the two reports do not interleave.
test: setup
	@pglog=$$(mktemp); npm run --silent generate -- --check & generated=$$!; \
	npm run --silent typecheck & types=$$!; npm run --silent boundaries & bounds=$$!; \
	npm run --silent test:postgres > $$pglog 2>&1 & pgrun=$$!; \
	npm test; tests=$$?; wait $$pgrun; pg=$$?; cat $$pglog; rm -f $$pglog; \
	wait $$generated; generated=$$?; wait $$types; types=$$?; wait $$bounds; bounds=$$?; \
	[ $$tests -eq 0 ] && [ $$pg -eq 0 ] && [ $$generated -eq 0 ] && [ $$types -eq 0 ] && [ $$bounds -eq 0 ]

bench: setup
	npm run bench:api
	npm run bench:render
	npm run bench:extract
	npm run bench:pdf-layout
	npm run bench:review
	npm run bench:webhooks
	npm run bench:artifacts
	npm run bench:hostile
	npm run bench:prompt
	npm run bench:checks
	npm run bench:edit
	npm run bench:agent
	npm run bench:scale

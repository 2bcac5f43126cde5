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

# The type check and the import boundaries run beside the tests (the tests leave a core idle while they wait on
# services); any of them failing fails the target. The slowest test files (the services, the review corpus) start
# first so no long file is left running alone at the end. Every suite runs on SQLite; then the service, store and
# contract suites run again on a throwaway PostgreSQL cluster (scripts/test-postgres.ts), all but the service suites
# that only exercise rendering, pictures, hostile or oversized input and the engines (formats, web-images, hostile,
# hardening, engines), which touch nothing the two stores do differently.
test: setup check-generated
	@npm run --silent typecheck & types=$$!; npm run --silent boundaries & bounds=$$!; \
	npm test; tests=$$?; npm run --silent test:postgres; pg=$$?; wait $$types; types=$$?; wait $$bounds; bounds=$$?; \
	[ $$tests -eq 0 ] && [ $$pg -eq 0 ] && [ $$types -eq 0 ] && [ $$bounds -eq 0 ]

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

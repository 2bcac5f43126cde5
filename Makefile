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

test: setup check-generated
	npm run typecheck
	npm run boundaries
	npm test

bench: setup
	npm run bench:api
	npm run bench:render
	npm run bench:extract
	npm run bench:review
	npm run bench:webhooks
	npm run bench:artifacts
	npm run bench:hostile

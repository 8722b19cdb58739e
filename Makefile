# Two commands set everything up from a fresh clone: `make demo` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
DEMO_MODELS := fixtures/real/tf-serving/counter fixtures/real/tf-serving/half_plus_two_gpu_trt fixtures/real/tf2onnx/lstm.pb

# The official SARIF 2.1.0 schema, to validate our SARIF output against (it ships in an npm package).
SARIF_SCHEMA := $(VENV)/sarif-schema-2.1.0.json
SARIF_PKG    := @microsoft/jest-sarif@1.0.0-beta.0

.PHONY: install fixtures test demo bench clean

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[test]"
	touch $@

# Builds the TensorFlow fixture models that are missing or out of date (fixtures/built/, not committed).
fixtures: $(STAMP)
	$(BIN)/python fixtures/build.py

$(SARIF_SCHEMA): | $(STAMP)
	rm -rf $(VENV)/sarif-pkg && mkdir -p $(VENV)/sarif-pkg
	cd $(VENV)/sarif-pkg && npm pack --silent $(SARIF_PKG) > /dev/null && tar xzf *.tgz
	mv $(VENV)/sarif-pkg/package/lib/schemas/sarif-2.1.0-rtm.5.json $@ && touch $@
	rm -rf $(VENV)/sarif-pkg

test: fixtures $(SARIF_SCHEMA)
	$(BIN)/python -m pytest -q

demo: fixtures
	@for m in $(DEMO_MODELS); do echo "\$$ accelcheck inspect $$m"; $(BIN)/accelcheck inspect $$m; echo; done

bench: fixtures
	$(BIN)/python bench/bench_inspect.py

clean:
	rm -rf $(VENV) fixtures/built bench/out .pytest_cache

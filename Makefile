# Two commands set everything up from a fresh clone: `make demo` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
DEMO_MODELS := fixtures/real/tf-serving/counter fixtures/real/tf-serving/half_plus_two_gpu_trt fixtures/real/tf2onnx/lstm.pb

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

test: fixtures
	$(BIN)/python -m pytest -q

demo: fixtures
	@for m in $(DEMO_MODELS); do echo "\$$ accelcheck inspect $$m"; $(BIN)/accelcheck inspect $$m; echo; done

bench: fixtures
	$(BIN)/python bench/bench_inspect.py

clean:
	rm -rf $(VENV) fixtures/built bench/out .pytest_cache

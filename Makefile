# Two commands set everything up from a fresh clone: `make demo` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

# The official SARIF 2.1.0 schema, to validate our SARIF output against (it ships in an npm package).
SARIF_SCHEMA := $(VENV)/sarif-schema-2.1.0.json
SARIF_PKG    := @microsoft/jest-sarif@1.0.0-beta.0

.PHONY: install browser fixtures test demo bench clean

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[tf,view,test]"
	touch $@

# Builds the TensorFlow fixture models that are missing or out of date (fixtures/built/, not committed).
fixtures: $(STAMP)
	$(BIN)/python fixtures/build.py

$(SARIF_SCHEMA): | $(STAMP)
	rm -rf $(VENV)/sarif-pkg && mkdir -p $(VENV)/sarif-pkg
	cd $(VENV)/sarif-pkg && npm pack --silent $(SARIF_PKG) > /dev/null && tar xzf *.tgz
	mv $(VENV)/sarif-pkg/package/lib/schemas/sarif-2.1.0-rtm.5.json $@ && touch $@
	rm -rf $(VENV)/sarif-pkg

# The view tests look at Model Explorer and the HTML view in a real headless browser: Debian's
# Chromium (Playwright drives it; its own browser download needs a network this machine lacks).
SUDO := $(shell test "$$(id -u)" -eq 0 || echo sudo)
browser:
	@command -v chromium >/dev/null || command -v chromium-browser >/dev/null || command -v google-chrome >/dev/null \
	  || { echo "installing Debian's chromium for the view tests"; \
	       $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends chromium >/dev/null; }

test: fixtures browser $(SARIF_SCHEMA)
	$(BIN)/python -m pytest -q

# A tour: inspect, check for several targets, fix, check again. Findings (exit 1) are the point of
# the demo; a tool error (exit 2) still fails it.
AC := $(BIN)/accelcheck
OK_OR_FINDINGS := || test $$? -eq 1
demo: fixtures
	@echo "\n### What is in TF Serving's counter model"
	$(AC) inspect fixtures/real/tf-serving/counter
	@echo "\n### Will it compile for TPU? (it assigns a TF1 variable while serving)"
	$(AC) fixtures/real/tf-serving/counter --target tpu $(OK_OR_FINDINGS)
	@echo "\n### A frozen LSTM that still contains dropout, for TFLite"
	$(AC) fixtures/real/tf2onnx/lstm.pb --target tflite $(OK_OR_FINDINGS)
	@echo "\n### A SavedModel pinned to /device:GPU:0, for TFLite"
	$(AC) fixtures/real/tf-serving/half_plus_two_gpu_trt --target tflite --signature serving_default $(OK_OR_FINDINGS)
	@echo "\n### Fix it: clear devices, freeze variables, verify, write demo-out/half_plus_two_tflite"
	$(AC) fix fixtures/real/tf-serving/half_plus_two_gpu_trt --target tflite --signature serving_default -o demo-out/half_plus_two_tflite --force
	@echo "\n### Full-integer (int8) TFLite: the SavedModel, and the .tflite the converter made of it, get the same verdict"
	$(AC) fixtures/built/tfl_sin fixtures/built/tfl_sin_int8.tflite --target tflite-int8 $(OK_OR_FINDINGS)
	@echo "\n### The TFLite GPU delegate and the Coral Edge TPU on .tflite files"
	$(AC) fixtures/built/tfl_cond.tflite --target tflite-gpu $(OK_OR_FINDINGS)
	$(AC) fixtures/built/tfl_sin_int8.tflite --target edgetpu $(OK_OR_FINDINGS)
	@echo "\n### Every model in fixtures/real at once, as a GitHub Actions step would report it"
	$(AC) fixtures/real --target xla --format github $(OK_OR_FINDINGS)
	@echo "\n### The counter's findings drawn on its graph (open it in a browser; \`accelcheck view\` without --html opens Model Explorer)"
	mkdir -p demo-out && $(AC) view fixtures/real/tf-serving/counter --target tpu --html demo-out/counter-tpu.html --no-open

bench: fixtures
	$(BIN)/python bench/make_models.py
	$(BIN)/python bench/bench_inspect.py
	$(BIN)/python bench/bench_check.py
	$(BIN)/python bench/bench_scale.py

clean:
	rm -rf $(VENV) fixtures/built bench/out demo-out test-output .pytest_cache

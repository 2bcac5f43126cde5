"""
A tiny llama model with random weights, for trying Quire against llama.cpp's own `llama-server` on a machine where no
model weights can be downloaded. It writes nonsense, which is the point: it is the weak model of issue 29 (answers
that never close a JSON string, cut at the token limit), served by a real server with llama.cpp's own quirks.

    python3 tiny-model.py <llama.cpp source>/models/ggml-vocab-llama-bpe.gguf <out.gguf>

Needs numpy and llama.cpp's gguf-py (on PYTHONPATH: <llama.cpp source>/gguf-py). The tokenizer (and its tokens) is
copied from the vocab-only file llama.cpp ships for its tokenizer tests; the tensors are random, float32.
"""
import sys

import numpy as np
from gguf import GGUFReader, GGUFWriter, GGUFValueType

N_EMBD, N_LAYER, N_HEAD, N_FF, N_CTX = 64, 2, 4, 128, 4096

# llama.cpp's default when a model has none would do, but servers differ in what they fall back to; say it.
CHATML = (
    "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}"
    "{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)


def main(vocab_path, out_path):
    reader = GGUFReader(vocab_path)
    writer = GGUFWriter(out_path, "llama")
    writer.add_name("quire-tiny-random")
    writer.add_context_length(N_CTX)
    writer.add_embedding_length(N_EMBD)
    writer.add_block_count(N_LAYER)
    writer.add_feed_forward_length(N_FF)
    writer.add_head_count(N_HEAD)
    writer.add_head_count_kv(N_HEAD)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_rope_dimension_count(N_EMBD // N_HEAD)
    writer.add_file_type(0)
    n_vocab = 0
    for name, field in reader.fields.items():
        if not name.startswith("tokenizer.") or name == "tokenizer.chat_template":
            continue
        kind = field.types[0]
        value = field.contents()
        if kind == GGUFValueType.ARRAY:
            if name == "tokenizer.ggml.tokens":
                n_vocab = len(value)
            writer.add_array(name, value)
        else:
            writer.add_key_value(name, value, kind)
    writer.add_chat_template(CHATML)

    rng = np.random.default_rng(7)
    tensor = lambda *shape: (rng.standard_normal(shape) * 0.02).astype(np.float32)
    writer.add_tensor("token_embd.weight", tensor(n_vocab, N_EMBD))
    writer.add_tensor("output_norm.weight", np.ones(N_EMBD, dtype=np.float32))
    writer.add_tensor("output.weight", tensor(n_vocab, N_EMBD))
    for i in range(N_LAYER):
        writer.add_tensor(f"blk.{i}.attn_norm.weight", np.ones(N_EMBD, dtype=np.float32))
        for part in ("q", "k", "v", "output"):
            writer.add_tensor(f"blk.{i}.attn_{part}.weight", tensor(N_EMBD, N_EMBD))
        writer.add_tensor(f"blk.{i}.ffn_norm.weight", np.ones(N_EMBD, dtype=np.float32))
        writer.add_tensor(f"blk.{i}.ffn_gate.weight", tensor(N_FF, N_EMBD))
        writer.add_tensor(f"blk.{i}.ffn_up.weight", tensor(N_FF, N_EMBD))
        writer.add_tensor(f"blk.{i}.ffn_down.weight", tensor(N_EMBD, N_FF))

    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    print(f"{out_path}: {n_vocab} tokens, {N_LAYER} layers of {N_EMBD}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])

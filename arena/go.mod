module github.com/celerjson/celer/arena

go 1.26.0

require (
	github.com/buger/jsonparser v1.1.1
	github.com/bytedance/sonic v1.15.5
	github.com/celerjson/celer v0.0.0
	github.com/fxamacker/cbor/v2 v2.10.0
	github.com/go-analyze/charts v0.6.4
	github.com/go-faster/jx v1.2.0
	github.com/go-json-experiment/json v1.27.2
	github.com/goccy/go-json v0.12.0
	github.com/jedib0t/go-pretty/v6 v6.8.3
	github.com/json-iterator/go v1.1.12
	github.com/mailru/easyjson v0.9.2
	github.com/minio/simdjson-go v0.4.5
	github.com/ohler55/ojg v1.28.5
	github.com/segmentio/encoding v0.5.4
	github.com/shamaton/msgpack/v2 v2.4.0
	github.com/theory/jsonpath v0.12.3
	github.com/tidwall/gjson v1.20.2
	github.com/tinylib/msgp v1.6.5
	github.com/valyala/fastjson v1.6.10
	github.com/vbauerster/mpb/v8 v8.16.2
	github.com/vmihailenco/msgpack/v5 v5.4.1
	go.etcd.io/bbolt v1.4.3
	go.mongodb.org/mongo-driver/v2 v2.10.0
	golang.org/x/term v0.48.0
)

require (
	github.com/VividCortex/ewma v1.2.0 // indirect
	github.com/acarl005/stripansi v0.0.0-20180116102854-5a71ef0e047d // indirect
	github.com/bytedance/gopkg v0.1.3 // indirect
	github.com/bytedance/sonic/loader v0.5.3 // indirect
	github.com/clipperhouse/uax29/v2 v2.7.0 // indirect
	github.com/cloudwego/base64x v0.1.6 // indirect
	github.com/dustin/go-humanize v1.0.1 // indirect
	github.com/go-analyze/bulk v0.1.6 // indirect
	github.com/go-faster/errors v0.7.1 // indirect
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	github.com/josharian/intern v1.0.0 // indirect
	github.com/klauspost/compress v1.20.3
	github.com/klauspost/cpuid/v2 v2.2.9 // indirect
	github.com/mattn/go-runewidth v0.0.30 // indirect
	github.com/modern-go/concurrent v0.0.0-20180228061459-e0a39a4cb421 // indirect
	github.com/modern-go/reflect2 v1.0.2 // indirect
	github.com/philhofer/fwd v1.2.0 // indirect
	github.com/pierrec/lz4/v4 v4.1.33
	github.com/segmentio/asm v1.2.1 // indirect
	github.com/tidwall/match v1.1.1 // indirect
	github.com/tidwall/pretty v1.3.0 // indirect
	github.com/twitchyliquid64/golang-asm v0.15.1 // indirect
	github.com/vbauerster/cupwriter v0.0.5 // indirect
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
	github.com/x448/float16 v0.8.4 // indirect
	golang.org/x/arch v0.0.0-20210923205945-b76863e36670 // indirect
	golang.org/x/image v0.45.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
	golang.org/x/text v0.41.0 // indirect
)

replace github.com/celerjson/celer => ../

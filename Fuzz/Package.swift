// swift-tools-version:6.0
// The libFuzzer entry points of Crossfire, in a package of their own so that the root
// package's CLI and tests are never built with the fuzzer flags. Each target is one file
// holding only the `@_cdecl` entry points; all logic lives in the root package's `Crossfire`
// library (Sources/Crossfire/Fuzzing/), where `swift test` tests it. `make fuzz` builds all
// three in one go (scripts/fuzz.sh), the sanitizer named by CROSSFIRE_FUZZ_SANITIZER, which
// the root manifest reads too to instrument each library module (Docs/fuzz-builds.md):
//   CROSSFIRE_FUZZ_SANITIZER=address swift build -c release --package-path Fuzz --sanitize=fuzzer
import PackageDescription

/// `address` (the default) or `none`.
let sanitizer = Context.environment["CROSSFIRE_FUZZ_SANITIZER"] ?? "address"
/// The entry file and the link take `fuzzer` beside the sanitizer (SwiftPM's `--sanitize=fuzzer`
/// comes first, and the last `-sanitize=` wins): the binary gets libFuzzer's `main`.
let fuzzerFlag = sanitizer == "none" ? "-sanitize=fuzzer" : "-sanitize=fuzzer,\(sanitizer)"
let entrySettings: [SwiftSetting] = [.unsafeFlags([fuzzerFlag])]
let linkSettings: [LinkerSetting] = [.unsafeFlags([fuzzerFlag])]

let package = Package(
    name: "CrossfireFuzz",
    dependencies: [.package(name: "Crossfire", path: "..")],
    targets: ["FuzzDifferential", "FuzzRESTJSON", "FuzzSchemaJSON"].map { name in
        .executableTarget(name: name, dependencies: [.product(name: "Crossfire", package: "Crossfire")],
                          swiftSettings: entrySettings, linkerSettings: linkSettings)
    }
)

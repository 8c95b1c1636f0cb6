// swift-tools-version:6.0
// The libFuzzer entry points of Crossfire, in a package of their own so that the root
// package's CLI and tests are never built with the fuzzer flag. Each target is one file
// holding only the `@_cdecl` entry points; all logic lives in the root package's `Crossfire`
// library (Sources/Crossfire/Fuzzing/), where `swift test` tests it. `make fuzz` builds and
// runs them (scripts/fuzz.sh), with libFuzzer and ASan:
//   swift build -c release --package-path Fuzz --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address --product <Target>
import PackageDescription

let package = Package(
    name: "CrossfireFuzz",
    dependencies: [.package(name: "Crossfire", path: "..")],
    targets: [
        .executableTarget(name: "FuzzDifferential", dependencies: [.product(name: "Crossfire", package: "Crossfire")]),
        .executableTarget(name: "FuzzRESTJSON", dependencies: [.product(name: "Crossfire", package: "Crossfire")]),
        .executableTarget(name: "FuzzSchemaJSON", dependencies: [.product(name: "Crossfire", package: "Crossfire")]),
    ]
)

// swift-tools-version:6.0
// Crossfire: a conformance test and differential fuzzing harness for mapping
// Cloud Firestore documents to Swift types. Module layout: see the README.
import PackageDescription

// Fuzz builds only: `scripts/fuzz.sh` and `.clusterfuzzlite/build.sh` build the `Fuzz/` package
// with CROSSFIRE_FUZZ_SANITIZER set (`address`, or `none` for throughput runs), and each library
// module then gets that sanitizer and, where libFuzzer should steer by it, coverage: the mappers
// and the libraries under them (the JSON reader and the schema reader on it with comparison tracing, which libFuzzer's
// byte mutation of their targets uses). The generator and the engine (`Crossfire`) get none: their
// every new path is noise to libFuzzer, and counting it slows every run. SwiftPM's own
// `--sanitize=fuzzer`, which those builds need for libFuzzer's `main`, comes first on each
// compile; the last `-sanitize=` wins, and an empty one turns it off. Unset (every other build),
// nothing changes. Why: Docs/fuzz-builds.md.
enum FuzzCoverage {
    case none, edges, edgesAndComparisons
}

func fuzzSettings(_ coverage: FuzzCoverage) -> [SwiftSetting] {
    guard let sanitizer = Context.environment["CROSSFIRE_FUZZ_SANITIZER"] else { return [] }
    let instrumentation = sanitizer == "none" ? "" : sanitizer
    switch coverage {
    case .none:
        return [.unsafeFlags(["-sanitize=\(instrumentation)"])]
    case .edges, .edgesAndComparisons:
        // swiftc takes coverage only beside a sanitizer; `fuzzer` alone is coverage alone.
        let kinds = "edge,inline-8bit-counters,pc-table" + (coverage == .edgesAndComparisons ? ",trace-cmp" : "")
        return [.unsafeFlags(["-sanitize=\(instrumentation.isEmpty ? "fuzzer" : instrumentation)", "-sanitize-coverage=\(kinds)"])]
    }
}

let package = Package(
    name: "Crossfire",
    // A library product for each module with public API, a team's (README: "The library API a
    // team uses"); what only this package's modules share is `package` and needs none.
    products: [
        .executable(name: "crossfire", targets: ["CrossfireCLI"]),
        .library(name: "FirestoreModel", targets: ["FirestoreModel"]),
        .library(name: "FirestoreJSON", targets: ["FirestoreJSON"]),
        .library(name: "FirestoreCodable", targets: ["FirestoreCodable"]),
        // What a model file written for the SDK imports (`import FirebaseFirestore`), on Linux,
        // and the SDK's other names for it: the umbrella `Firebase`, and `FirebaseFirestoreSwift`
        // (the Codable support before SDK 10.17).
        .library(name: "FirebaseFirestore", targets: ["FirebaseFirestore"]),
        .library(name: "Firebase", targets: ["Firebase"]),
        .library(name: "FirebaseFirestoreSwift", targets: ["FirebaseFirestoreSwift"]),
        .library(name: "ModelSchema", targets: ["ModelSchema"]),
        .library(name: "Crossfire", targets: ["Crossfire"]),
        .library(name: "CrossfireReports", targets: ["CrossfireReports"]),
    ],
    targets: [
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]
        ),
        .target(name: "FirestoreModel", swiftSettings: fuzzSettings(.edges)),
        .target(name: "FirestoreJSON", dependencies: ["CJansson", "FirestoreModel"], swiftSettings: fuzzSettings(.edgesAndComparisons)),
        .target(name: "FirestoreCodable", dependencies: ["FirestoreModel"], swiftSettings: fuzzSettings(.edges)),
        // The SDK's snapshots and its client of the emulator: networking, so no module the
        // fuzz targets link depends on it.
        .target(name: "FirebaseFirestore", dependencies: ["FirestoreModel", "FirestoreCodable", "FirestoreJSON", "FirestoreEmulator"]),
        .target(name: "Firebase", dependencies: ["FirebaseFirestore"]),
        .target(name: "FirebaseFirestoreSwift", dependencies: ["FirebaseFirestore"]),
        // The Firestore emulator as a managed process, and a REST client of it.
        .target(name: "FirestoreEmulator", dependencies: ["FirestoreModel", "FirestoreJSON"]),
        .target(name: "ModelSchema", dependencies: ["FirestoreModel", "FirestoreJSON"], swiftSettings: fuzzSettings(.edgesAndComparisons)),
        .target(name: "HandMapper", dependencies: ["FirestoreModel", "ModelSchema"], swiftSettings: fuzzSettings(.edges)),
        .target(name: "ReflectiveMapper", dependencies: ["FirestoreModel", "ModelSchema"], swiftSettings: fuzzSettings(.edges)),
        .target(
            name: "Crossfire",
            dependencies: ["FirestoreModel", "FirestoreJSON", "FirestoreCodable", "ModelSchema", "HandMapper", "ReflectiveMapper"],
            swiftSettings: fuzzSettings(.none)
        ),
        // The engine's storage check written to the emulator: apart from `Crossfire`, so that the
        // engine and the fuzz targets linked with it carry no networking (FoundationNetworking).
        .target(name: "EmulatorStorageCheck", dependencies: ["Crossfire", "FirestoreEmulator", "FirestoreModel", "ModelSchema"]),
        .target(name: "CrossfireReports", dependencies: ["Crossfire", "FirestoreJSON", "FirestoreModel"]),
        .executableTarget(
            name: "CrossfireCLI",
            dependencies: ["FirestoreModel", "FirestoreJSON", "FirestoreCodable", "ModelSchema", "HandMapper", "Crossfire", "CrossfireReports", "FirestoreEmulator", "EmulatorStorageCheck"]
        ),
        .executableTarget(name: "CrossfireBench", dependencies: ["FirestoreModel", "FirestoreCodable", "ModelSchema", "Crossfire", "FirestoreEmulator", "EmulatorStorageCheck"]),
        .testTarget(name: "FirestoreModelTests", dependencies: ["FirestoreModel"]),
        .testTarget(name: "FirestoreJSONTests", dependencies: ["FirestoreJSON", "FirestoreModel"]),
        .testTarget(name: "FirestoreCodableTests", dependencies: ["FirestoreCodable", "FirestoreModel"]),
        // The SDK's surface without a database: its module names and its snapshots.
        .testTarget(name: "FirebaseFirestoreTests", dependencies: ["FirebaseFirestore", "Firebase", "FirebaseFirestoreSwift"]),
        // The tests that start the Firestore emulator (one, shared, stopped at exit).
        .testTarget(
            name: "FirestoreEmulatorTests",
            dependencies: ["FirestoreEmulator", "EmulatorStorageCheck", "FirestoreJSON", "FirestoreModel", "Crossfire", "ModelSchema", "CrossfireTestSupport",
                           "FirebaseFirestore", "FirebaseFirestoreSwift"]
        ),
        // The Swift `crossfire gen-swift` emits for every corpus schema (`make generate`).
        .target(name: "GeneratedModels", dependencies: ["FirestoreModel", "FirestoreCodable", "ModelSchema"], path: "Tests/GeneratedModels"),
        .testTarget(name: "ModelSchemaTests", dependencies: ["ModelSchema", "FirestoreModel", "FirestoreCodable", "GeneratedModels"]),
        .testTarget(name: "HandMapperTests", dependencies: ["HandMapper", "ModelSchema", "FirestoreModel"]),
        .testTarget(name: "ReflectiveMapperTests", dependencies: ["ReflectiveMapper", "ModelSchema", "FirestoreModel"]),
        // What the test targets share: one process runner and one locator of the built
        // `crossfire`, temporary folders, the repository's data, fixtures and the `slow` tag.
        .target(name: "CrossfireTestSupport", dependencies: ["Crossfire", "FirestoreModel", "ModelSchema"], path: "Tests/CrossfireTestSupport"),
        .testTarget(
            name: "CrossfireTests",
            dependencies: ["Crossfire", "FirestoreModel", "FirestoreJSON", "FirestoreCodable", "ModelSchema", "HandMapper", "GeneratedModels", "CrossfireTestSupport"]
        ),
        // The tests that run the built `crossfire` binary as a child process.
        .testTarget(name: "CrossfireCLITests", dependencies: ["CrossfireTestSupport", "Crossfire", "FirestoreJSON", "FirestoreModel"]),
        .testTarget(
            name: "CrossfireReportsTests",
            dependencies: ["CrossfireReports", "Crossfire", "FirestoreJSON", "FirestoreModel", "ModelSchema", "CrossfireTestSupport"]
        ),
    ]
)

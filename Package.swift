// swift-tools-version:6.0
// Crossfire: a conformance test and differential fuzzing harness for mapping
// Cloud Firestore documents to Swift types. Module layout: see the README.
import PackageDescription

let package = Package(
    name: "Crossfire",
    products: [
        .executable(name: "crossfire", targets: ["CrossfireCLI"]),
        .library(name: "FirestoreModel", targets: ["FirestoreModel"]),
        .library(name: "FirestoreJSON", targets: ["FirestoreJSON"]),
        .library(name: "FirestoreCodable", targets: ["FirestoreCodable"]),
        // What a model file written for the SDK imports (`import FirebaseFirestore`), on Linux.
        .library(name: "FirebaseFirestore", targets: ["FirebaseFirestore"]),
        .library(name: "ModelSchema", targets: ["ModelSchema"]),
        .library(name: "HandMapper", targets: ["HandMapper"]),
        .library(name: "ReflectiveMapper", targets: ["ReflectiveMapper"]),
        .library(name: "Crossfire", targets: ["Crossfire"]),
        .library(name: "CrossfireReports", targets: ["CrossfireReports"]),
    ],
    targets: [
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]
        ),
        .target(name: "FirestoreModel"),
        .target(name: "FirestoreJSON", dependencies: ["CJansson", "FirestoreModel"]),
        .target(name: "FirestoreCodable", dependencies: ["FirestoreModel"]),
        .target(name: "FirebaseFirestore", dependencies: ["FirestoreModel", "FirestoreCodable"]),
        .target(name: "ModelSchema", dependencies: ["FirestoreModel"]),
        .target(name: "HandMapper", dependencies: ["FirestoreModel", "ModelSchema"]),
        .target(name: "ReflectiveMapper", dependencies: ["FirestoreModel", "ModelSchema"]),
        .target(
            name: "Crossfire",
            dependencies: ["FirestoreModel", "FirestoreJSON", "FirestoreCodable", "ModelSchema", "HandMapper", "ReflectiveMapper"]
        ),
        .target(name: "CrossfireReports", dependencies: ["Crossfire", "FirestoreJSON", "FirestoreModel"]),
        .executableTarget(
            name: "CrossfireCLI",
            dependencies: ["FirestoreModel", "FirestoreJSON", "FirestoreCodable", "ModelSchema", "HandMapper", "Crossfire", "CrossfireReports"]
        ),
        .executableTarget(name: "CrossfireBench", dependencies: ["FirestoreModel", "FirestoreCodable", "ModelSchema", "Crossfire"]),
        .testTarget(name: "FirestoreModelTests", dependencies: ["FirestoreModel"]),
        .testTarget(name: "FirestoreJSONTests", dependencies: ["FirestoreJSON", "FirestoreModel"]),
        .testTarget(name: "FirestoreCodableTests", dependencies: ["FirestoreCodable", "FirestoreModel"]),
        // The Swift `crossfire gen-swift` emits for every corpus schema (`make generate`).
        .target(name: "GeneratedModels", dependencies: ["FirestoreModel", "FirestoreCodable", "ModelSchema"], path: "Tests/GeneratedModels"),
        .testTarget(name: "ModelSchemaTests", dependencies: ["ModelSchema", "FirestoreModel", "FirestoreCodable", "GeneratedModels"]),
        .testTarget(name: "HandMapperTests", dependencies: ["HandMapper", "ModelSchema", "FirestoreModel"]),
        .testTarget(name: "ReflectiveMapperTests", dependencies: ["ReflectiveMapper", "ModelSchema", "FirestoreModel"]),
        .testTarget(
            name: "CrossfireTests",
            dependencies: ["Crossfire", "FirestoreModel", "FirestoreJSON", "FirestoreCodable", "ModelSchema", "HandMapper", "GeneratedModels"]
        ),
        .testTarget(
            name: "CrossfireReportsTests",
            dependencies: ["CrossfireReports", "Crossfire", "FirestoreJSON", "FirestoreModel", "ModelSchema"]
        ),
    ]
)

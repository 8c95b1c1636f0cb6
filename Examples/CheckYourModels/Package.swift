// swift-tools-version:6.0
// A team's package as the README's guide "Check your models in 5 minutes" sets it up: model
// files written for the Firebase SDK (seed 001's `User` with its legacy mapper, the models of
// Google's guide "Map Cloud Firestore data with Swift Codable"), compiled on Linux against
// Crossfire's `FirebaseFirestore`, and a test that checks the Codable model against the legacy
// mapper. `make test` runs its tests after the root package's.
//
// A team's own Package.swift depends on Crossfire on Linux only, so that the same package
// builds against the real SDK on Apple platforms:
//
//   .product(name: "FirebaseFirestore", package: "Crossfire", condition: .when(platforms: [.linux])),
//   .product(name: "FirebaseFirestore", package: "firebase-ios-sdk", condition: .when(platforms: [.iOS, .macOS])),
//
// Here it is Linux only: SwiftPM cannot fetch firebase-ios-sdk on these machines.
import PackageDescription

let package = Package(
    name: "CheckYourModels",
    dependencies: [.package(name: "Crossfire", path: "../..")],
    targets: [
        .target(name: "Models", dependencies: [.product(name: "FirebaseFirestore", package: "Crossfire")]),
        .testTarget(
            name: "ModelsTests",
            dependencies: [
                "Models",
                .product(name: "Crossfire", package: "Crossfire"),
                .product(name: "CrossfireReports", package: "Crossfire"),
            ]
        ),
    ]
)

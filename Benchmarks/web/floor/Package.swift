// swift-tools-version:6.0
// The floor of Hummingbird itself for Benchmarks/web/run.sh --floor: the smallest Hummingbird 2 app, one route that
// answers fixed bytes, with no middleware. toolkit-web cannot serve a thumbnail faster than this serves its bytes.
import PackageDescription

let package = Package(
    name: "floor",
    dependencies: [.package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1")],
    targets: [.executableTarget(name: "floor", dependencies: [.product(name: "Hummingbird", package: "hummingbird")])]
)

// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Liabilities} from "../src/Liabilities.sol";
import {Test} from "./utils/Test.sol";
import {vm} from "./utils/Vm.sol";

contract LiabilitiesTest is Test {
    address internal owner = address(0xA11CE);
    address internal publisher = address(0xB0B);
    address internal stranger = address(0xBAD);
    Liabilities internal liabilities;

    event Published(uint64 indexed id, bytes32 root, uint256 usdt, uint256 free, uint64 leafCount);

    function setUp() public {
        liabilities = new Liabilities(owner, publisher);
    }

    function test_latestIsEmptyBeforeTheFirstPublication() public view {
        (uint64 id, bytes32 root, uint256 usdt, uint256 free, uint64 leafCount, uint64 at) = liabilities.latest();
        assertEq(id, 0, "id");
        assertEq(root, bytes32(0), "root");
        assertEq(usdt + free + leafCount + at, 0, "empty");
    }

    function test_publishStoresAndEmitsAndLatestAnswers() public {
        vm.warp(1_800_000_000);
        vm.expectEmit(true, false, false, true, address(liabilities));
        emit Published(7, keccak256("root"), 5e18, 9e18, 8);
        vm.prank(publisher);
        liabilities.publish(7, keccak256("root"), 5e18, 9e18, 8);
        (uint64 id, bytes32 root, uint256 usdt, uint256 free, uint64 leafCount, uint64 at) = liabilities.latest();
        assertEq(id, 7, "id");
        assertEq(root, keccak256("root"), "root");
        assertEq(usdt, 5e18, "usdt");
        assertEq(free, 9e18, "free");
        assertEq(leafCount, 8, "leafCount");
        assertEq(at, 1_800_000_000, "at");
    }

    function test_pastPublicationsStayReadable() public {
        vm.startPrank(publisher);
        liabilities.publish(1, keccak256("a"), 1, 2, 1);
        liabilities.publish(3, keccak256("b"), 3, 4, 2);
        vm.stopPrank();
        (, bytes32 root, uint256 usdt,,,) = liabilities.publication(1);
        assertEq(root, keccak256("a"), "first root");
        assertEq(usdt, 1, "first usdt");
        (uint64 id, bytes32 latestRoot,,,,) = liabilities.latest();
        assertEq(id, 3, "latest id");
        assertEq(latestRoot, keccak256("b"), "latest root");
        (,,,,, uint64 at) = liabilities.publication(2);
        assertEq(at, 0, "an id never published is empty");
    }

    function test_onlyThePublisherPublishes() public {
        vm.expectRevert(Liabilities.NotPublisher.selector);
        vm.prank(stranger);
        liabilities.publish(1, bytes32(0), 0, 0, 1);
        vm.expectRevert(Liabilities.NotPublisher.selector);
        vm.prank(owner);
        liabilities.publish(1, bytes32(0), 0, 0, 1);
    }

    function test_idsStrictlyIncrease() public {
        vm.startPrank(publisher);
        liabilities.publish(5, bytes32(0), 0, 0, 1);
        vm.expectRevert(abi.encodeWithSelector(Liabilities.IdNotIncreasing.selector, uint64(5), uint64(5)));
        liabilities.publish(5, bytes32(0), 0, 0, 1);
        vm.expectRevert(abi.encodeWithSelector(Liabilities.IdNotIncreasing.selector, uint64(4), uint64(5)));
        liabilities.publish(4, bytes32(0), 0, 0, 1);
        vm.stopPrank();
    }

    function test_refusesIdZeroAndALeafCountThatIsNotAPowerOfTwo() public {
        vm.startPrank(publisher);
        vm.expectRevert(abi.encodeWithSelector(Liabilities.IdNotIncreasing.selector, uint64(0), uint64(0)));
        liabilities.publish(0, bytes32(0), 0, 0, 1);
        vm.expectRevert(abi.encodeWithSelector(Liabilities.BadLeafCount.selector, uint64(0)));
        liabilities.publish(1, bytes32(0), 0, 0, 0);
        vm.expectRevert(abi.encodeWithSelector(Liabilities.BadLeafCount.selector, uint64(6)));
        liabilities.publish(1, bytes32(0), 0, 0, 6);
        vm.stopPrank();
    }

    function test_ownerNamesThePublisher() public {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vm.prank(stranger);
        liabilities.setPublisher(stranger);
        vm.expectRevert(Liabilities.ZeroAddress.selector);
        vm.prank(owner);
        liabilities.setPublisher(address(0));
        vm.prank(owner);
        liabilities.setPublisher(stranger);
        vm.expectRevert(Liabilities.NotPublisher.selector);
        vm.prank(publisher);
        liabilities.publish(1, bytes32(0), 0, 0, 1);
        vm.prank(stranger);
        liabilities.publish(1, bytes32(0), 0, 0, 1);
        assertEq(liabilities.latestId(), 1, "published by the new publisher");
    }

    function testFuzz_anyIncreasingSequencePublishes(uint64 a, uint64 b, uint8 depth) public {
        a = uint64(bound(a, 1, type(uint64).max - 1));
        b = uint64(bound(b, a + 1, type(uint64).max));
        uint64 leaves = uint64(1) << bound(depth, 0, 63);
        vm.startPrank(publisher);
        liabilities.publish(a, keccak256("x"), 1, 1, leaves);
        liabilities.publish(b, keccak256("y"), 2, 2, leaves);
        vm.stopPrank();
        assertEq(liabilities.latestId(), b, "latest");
    }
}

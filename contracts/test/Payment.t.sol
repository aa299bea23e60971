// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {FreeToken} from "../src/FreeToken.sol";
import {Payment} from "../src/Payment.sol";
import {SignerSet} from "../src/SignerSet.sol";
import {TestUSDT} from "../src/TestUSDT.sol";
import {Test} from "./utils/Test.sol";
import {vm} from "./utils/Vm.sol";
import {IUniswapV2Router02, UniswapV2Deployer} from "./utils/UniswapV2.sol";
import {PaymentHandler} from "./handlers/PaymentHandler.sol";

/// @dev Takes a 1 % fee on every transfer (the kind of token the balance-delta check is for).
contract FeeOnTransferToken is ERC20 {
    constructor() ERC20("Fee", "FEE") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function _update(address from, address to, uint256 value) internal override {
        if (from != address(0) && to != address(0)) {
            uint256 fee = value / 100;
            super._update(from, address(0xFEE), fee);
            value -= fee;
        }
        super._update(from, to, value);
    }
}

/// @dev Says yes to every transferFrom and moves nothing.
contract HollowToken is ERC20 {
    constructor() ERC20("Hollow", "HOL") {}

    function transferFrom(address, address, uint256) public pure override returns (bool) {
        return true;
    }
}

/// @dev Re-enters Payment from inside transferFrom.
contract ReentrantToken is ERC20 {
    Payment internal target;
    bytes internal reentry;

    constructor() ERC20("Reenter", "RE") {}

    function arm(Payment target_, bytes calldata reentry_) external {
        target = target_;
        reentry = reentry_;
    }

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function transferFrom(address from, address to, uint256 value) public override returns (bool) {
        if (reentry.length != 0) {
            (bool ok, bytes memory ret) = address(target).call(reentry);
            if (!ok) {
                assembly ("memory-safe") {
                    revert(add(ret, 0x20), mload(ret))
                }
            }
        }
        return super.transferFrom(from, to, value);
    }
}

/// @dev Shared setup: real Uniswap V2 with a FREE/USDT pool at 0.1 USDT per FREE, Payment, a payer.
abstract contract PaymentBase is Test {
    uint256 internal constant SECP256K1_N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141;
    bytes32 internal constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 internal constant ORDER_TYPEHASH = keccak256(
        "Order(bytes32 orderId,address payer,address token,address to,uint256 amount,uint256 burnBps,uint256 endTime)"
    );

    uint256 internal constant SIGNER_KEY = 0xA11CE;
    uint256 internal constant PAYER_KEY = 0xB0B;
    uint256 internal constant OTHER_KEY = 0xCA7;

    TestUSDT internal usdt;
    FreeToken internal free;
    IUniswapV2Router02 internal router;
    Payment internal payment;
    address internal signer;
    address internal payer;
    address internal other;
    address internal treasury = address(0x7EA5);

    function setUp() public virtual {
        vm.warp(1_800_000_000);
        signer = vm.addr(SIGNER_KEY);
        payer = vm.addr(PAYER_KEY);
        other = vm.addr(OTHER_KEY);
        usdt = new TestUSDT(address(this));
        free = new FreeToken(address(this), 1e12 ether);
        (, router,) = UniswapV2Deployer.deploy(address(this));
        _pool(address(usdt), 100_000 ether, 1_000_000 ether);

        payment = new Payment(address(this), signer, address(router), address(free));
        payment.setTreasury(treasury);

        address[2] memory payers = [payer, other];
        for (uint256 i = 0; i < payers.length; ++i) {
            usdt.mint(payers[i], 1_000_000 ether);
            free.mint(payers[i], 1_000_000 ether);
            vm.startPrank(payers[i]);
            usdt.approve(address(payment), type(uint256).max);
            free.approve(address(payment), type(uint256).max);
            vm.stopPrank();
        }
    }

    /// @dev A token/FREE pool with the given reserves (the token must be mintable by this contract).
    function _pool(address token, uint256 tokenAmount, uint256 freeAmount) internal {
        free.mint(address(this), freeAmount);
        free.approve(address(router), freeAmount);
        ERC20(token).approve(address(router), tokenAmount);
        if (token == address(usdt)) usdt.mint(address(this), tokenAmount);
        router.addLiquidity(token, address(free), tokenAmount, freeAmount, 0, 0, address(this), block.timestamp);
    }

    function _domainSeparator(uint256 chainId, address verifyingContract) internal pure returns (bytes32) {
        return
            keccak256(
                abi.encode(DOMAIN_TYPEHASH, keccak256("FREE Payment"), keccak256("1"), chainId, verifyingContract)
            );
    }

    /// @dev The EIP-712 digest, computed independently of the contract.
    function _digest(
        uint256 chainId,
        address verifyingContract,
        bytes32 orderId,
        address payer_,
        address token,
        address to,
        uint256 amount,
        uint256 burnBps,
        uint256 endTime
    ) internal pure returns (bytes32) {
        bytes32 structHash = keccak256(abi.encode(ORDER_TYPEHASH, orderId, payer_, token, to, amount, burnBps, endTime));
        return keccak256(abi.encodePacked("\x19\x01", _domainSeparator(chainId, verifyingContract), structHash));
    }

    function _sign(uint256 key, bytes32 digest) internal pure returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, digest);
        return abi.encodePacked(r, s, v);
    }

    /// @dev A signature by `SIGNER_KEY` over the order as this Payment will check it for `payer_`.
    function _order(bytes32 orderId, address payer_, address token, uint256 amount, uint256 endTime)
        internal
        view
        returns (bytes memory)
    {
        return _sign(
            SIGNER_KEY,
            _digest(
                block.chainid,
                address(payment),
                orderId,
                payer_,
                token,
                payment.treasury(),
                amount,
                payment.burnBps(),
                endTime
            )
        );
    }

    function _pay(address from, bytes32 orderId, address token, uint256 amount, uint256 endTime, bytes memory sig)
        internal
    {
        vm.prank(from);
        payment.payment(orderId, token, amount, endTime, sig);
    }

    function _quote(address token, uint256 amountIn) internal view returns (uint256) {
        address[] memory path = new address[](2);
        path[0] = token;
        path[1] = address(free);
        return router.getAmountsOut(amountIn, path)[1];
    }
}

contract PaymentTest is PaymentBase {
    bytes32 internal constant ORDER = keccak256("order-1");

    // ------------------------------------------------------------------ deployment and views

    function test_constructor_setsDefaults() public view {
        assertEq(payment.owner(), address(this), "owner");
        assertTrue(payment.isSigner(signer), "signer");
        assertEq(payment.signerCount(), 1, "one signer");
        assertEq(payment.router(), address(router), "router");
        assertEq(payment.FREE(), address(free), "free");
        assertEq(payment.burnBps(), 200, "burnBps");
        assertEq(payment.executorRewardBps(), 10, "executorRewardBps");
        assertEq(payment.MAX_EXECUTOR_REWARD_BPS(), 100, "max reward");
        assertEq(payment.ORDER_TYPEHASH(), ORDER_TYPEHASH, "typehash");
        assertEq(payment.domainSeparator(), _domainSeparator(block.chainid, address(payment)), "domain");
    }

    function test_constructor_treasuryDefaultsToOwner() public {
        Payment p = new Payment(other, signer, address(router), address(free));
        assertEq(p.treasury(), other, "treasury");
        assertEq(p.owner(), other, "owner");
    }

    function test_constructor_refusesZeroAddresses() public {
        vm.expectRevert(Payment.ZeroAddress.selector);
        new Payment(address(this), address(0), address(router), address(free));
        vm.expectRevert(Payment.ZeroAddress.selector);
        new Payment(address(this), signer, address(0), address(free));
        vm.expectRevert(Payment.ZeroAddress.selector);
        new Payment(address(this), signer, address(router), address(0));
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableInvalidOwner.selector, address(0)));
        new Payment(address(0), signer, address(router), address(free));
    }

    function test_orderDigest_matchesIndependentEip712() public view {
        bytes32 expected = _digest(
            block.chainid, address(payment), ORDER, payer, address(usdt), treasury, 100 ether, 200, 1_900_000_000
        );
        bytes32 got = payment.orderDigest(ORDER, payer, address(usdt), treasury, 100 ether, 200, 1_900_000_000);
        assertEq(got, expected, "digest");
    }

    function test_getPayInfo_unpaidIsEmpty() public view {
        (bytes32 id, address token, address from, address to, uint256 total, uint256 payTime, bool isPaid) =
            payment.getPayInfo(ORDER);
        assertEq(id, ORDER, "id");
        assertEq(token, address(0), "token");
        assertEq(from, address(0), "from");
        assertEq(to, address(0), "to");
        assertEq(total, 0, "total");
        assertEq(payTime, 0, "payTime");
        assertFalse(isPaid, "isPaid");
        assertFalse(payment.isOrderPaid(ORDER), "isOrderPaid");
    }

    // ------------------------------------------------------------------ paying

    function test_payment_usdt_splitsBurnRewardAndTreasury() public {
        uint256 amount = 1_000 ether;
        uint256 endTime = block.timestamp + 600;
        uint256 burnIn = amount * 200 / 10_000; // 20 USDT
        uint256 reward = amount * 10 / 10_000; // 1 USDT
        uint256 expectedFree = _quote(address(usdt), burnIn);
        uint256 supplyBefore = free.totalSupply();
        uint256 payerBefore = usdt.balanceOf(payer);
        bytes memory sig = _order(ORDER, payer, address(usdt), amount, endTime);

        vm.expectEmit(true, false, false, true, address(payment));
        emit Payment.BurnPayment(ORDER, burnIn, expectedFree);
        vm.expectEmit(true, true, true, true, address(payment));
        emit Payment.Paid(ORDER, payer, address(usdt), treasury, amount, burnIn, reward);
        _pay(payer, ORDER, address(usdt), amount, endTime, sig);

        assertEq(usdt.balanceOf(payer), payerBefore - amount + reward, "payer paid amount minus rebate");
        assertEq(usdt.balanceOf(treasury), amount - burnIn - reward, "treasury got the rest");
        assertEq(free.totalSupply(), supplyBefore - expectedFree, "FREE burned");
        assertEq(usdt.balanceOf(address(payment)), 0, "no USDT left behind");
        assertEq(free.balanceOf(address(payment)), 0, "no FREE left behind");
        assertTrue(payment.isOrderPaid(ORDER), "paid");
        _checkRecord(ORDER, address(usdt), payer, amount);
    }

    function _checkRecord(bytes32 orderId, address token_, address payer_, uint256 amount) private view {
        (bytes32 id, address token, address from, address to, uint256 total, uint256 payTime, bool isPaid) =
            payment.getPayInfo(orderId);
        assertEq(id, orderId, "id");
        assertEq(token, token_, "token");
        assertEq(from, payer_, "from");
        assertEq(to, treasury, "to");
        assertEq(total, amount, "total");
        assertEq(payTime, block.timestamp, "payTime");
        assertTrue(isPaid, "isPaid");
    }

    function test_payment_free_isBurnedDirectly() public {
        uint256 amount = 5_000 ether;
        uint256 burnIn = amount * 200 / 10_000;
        uint256 supplyBefore = free.totalSupply();
        bytes memory sig = _order(ORDER, payer, address(free), amount, block.timestamp);

        vm.expectEmit(true, false, false, true, address(payment));
        emit Payment.BurnPayment(ORDER, burnIn, burnIn);
        _pay(payer, ORDER, address(free), amount, block.timestamp, sig);

        assertEq(free.totalSupply(), supplyBefore - burnIn, "burned exactly the share");
        assertEq(free.balanceOf(treasury), amount - burnIn - amount * 10 / 10_000, "treasury");
    }

    function test_payment_withoutBurnOrReward_sendsEverythingToTreasury() public {
        payment.setBurnBps(0);
        payment.setExecutorRewardBps(0);
        uint256 supplyBefore = free.totalSupply();
        bytes memory sig = _order(ORDER, payer, address(usdt), 77 ether, block.timestamp);
        vm.expectEmit(true, true, true, true, address(payment));
        emit Payment.Paid(ORDER, payer, address(usdt), treasury, 77 ether, 0, 0);
        _pay(payer, ORDER, address(usdt), 77 ether, block.timestamp, sig);
        assertEq(usdt.balanceOf(treasury), 77 ether, "all to treasury");
        assertEq(free.totalSupply(), supplyBefore, "nothing burned");
    }

    function test_payment_maxShares() public {
        payment.setBurnBps(payment.MAX_BURN_BPS());
        payment.setExecutorRewardBps(payment.MAX_EXECUTOR_REWARD_BPS());
        bytes memory sig = _order(ORDER, payer, address(free), 100 ether, block.timestamp);
        uint256 before = free.balanceOf(payer);
        _pay(payer, ORDER, address(free), 100 ether, block.timestamp, sig);
        assertEq(free.balanceOf(payer), before - 100 ether + 1 ether, "1 % rebate");
        assertEq(free.balanceOf(treasury), 49 ether, "rest");
    }

    function test_payment_feeOnTransferToken_usesWhatArrived() public {
        FeeOnTransferToken fot = new FeeOnTransferToken();
        fot.mint(address(this), 100_000 ether);
        _pool(address(fot), 100_000 ether, 100_000 ether);
        fot.mint(payer, 1_000 ether);
        vm.prank(payer);
        fot.approve(address(payment), type(uint256).max);

        uint256 received = 990 ether; // 1 % fee on the way in
        uint256 burnIn = received * 200 / 10_000;
        uint256 reward = received * 10 / 10_000;
        uint256 supplyBefore = free.totalSupply();
        bytes memory sig = _order(ORDER, payer, address(fot), 1_000 ether, block.timestamp);
        vm.expectEmit(true, true, true, true, address(payment));
        emit Payment.Paid(ORDER, payer, address(fot), treasury, received, burnIn, reward);
        _pay(payer, ORDER, address(fot), 1_000 ether, block.timestamp, sig);

        (,,,, uint256 total,,) = payment.getPayInfo(ORDER);
        assertEq(total, received, "total is what arrived");
        assertLt(free.totalSupply(), supplyBefore, "burn share bought FREE and burned it");
        assertEq(fot.balanceOf(address(payment)), 0, "nothing left behind");
    }

    function test_payment_atEndTime_isAccepted() public {
        uint256 endTime = block.timestamp + 60;
        bytes memory sig = _order(ORDER, payer, address(usdt), 10 ether, endTime);
        vm.warp(endTime);
        _pay(payer, ORDER, address(usdt), 10 ether, endTime, sig);
        assertTrue(payment.isOrderPaid(ORDER), "paid at the last second");
    }

    // ------------------------------------------------------------------ refusals

    function test_payment_refusesReplay() public {
        bytes memory sig = _order(ORDER, payer, address(usdt), 10 ether, block.timestamp);
        _pay(payer, ORDER, address(usdt), 10 ether, block.timestamp, sig);
        vm.expectRevert(abi.encodeWithSelector(Payment.OrderAlreadyPaid.selector, ORDER));
        _pay(payer, ORDER, address(usdt), 10 ether, block.timestamp, sig);
    }

    function test_payment_refusesSquattedOrderId() public {
        // Someone else's valid order with the same id cannot pay it again or overwrite the record.
        _pay(
            payer,
            ORDER,
            address(usdt),
            10 ether,
            block.timestamp,
            _order(ORDER, payer, address(usdt), 10 ether, block.timestamp)
        );
        bytes memory otherSig = _order(ORDER, other, address(usdt), 1 ether, block.timestamp);
        vm.expectRevert(abi.encodeWithSelector(Payment.OrderAlreadyPaid.selector, ORDER));
        _pay(other, ORDER, address(usdt), 1 ether, block.timestamp, otherSig);
        (,, address from,, uint256 total,,) = payment.getPayInfo(ORDER);
        assertEq(from, payer, "record kept");
        assertEq(total, 10 ether, "total kept");
    }

    function test_payment_refusesExpired() public {
        uint256 endTime = block.timestamp + 60;
        bytes memory sig = _order(ORDER, payer, address(usdt), 10 ether, endTime);
        vm.warp(endTime + 1);
        vm.expectRevert(abi.encodeWithSelector(Payment.OrderExpired.selector, endTime));
        _pay(payer, ORDER, address(usdt), 10 ether, endTime, sig);
    }

    function test_payment_refusesUnsigned() public {
        vm.expectRevert(Payment.InvalidSignature.selector);
        _pay(payer, ORDER, address(usdt), 10 ether, block.timestamp, "");
        vm.expectRevert(Payment.InvalidSignature.selector);
        _pay(payer, ORDER, address(usdt), 10 ether, block.timestamp, new bytes(65));
    }

    function test_payment_refusesForeignSigner() public {
        bytes memory sig = _sign(
            OTHER_KEY,
            _digest(
                block.chainid, address(payment), ORDER, payer, address(usdt), treasury, 10 ether, 200, block.timestamp
            )
        );
        vm.expectRevert(Payment.InvalidSignature.selector);
        _pay(payer, ORDER, address(usdt), 10 ether, block.timestamp, sig);
    }

    function test_payment_refusesWrongPayer() public {
        bytes memory sig = _order(ORDER, payer, address(usdt), 10 ether, block.timestamp);
        vm.expectRevert(Payment.InvalidSignature.selector);
        _pay(other, ORDER, address(usdt), 10 ether, block.timestamp, sig);
    }

    function test_payment_refusesHighSTwin() public {
        bytes32 digest = _digest(
            block.chainid, address(payment), ORDER, payer, address(usdt), treasury, 10 ether, 200, block.timestamp
        );
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(SIGNER_KEY, digest);
        bytes memory twin = abi.encodePacked(r, bytes32(SECP256K1_N - uint256(s)), v == 27 ? uint8(28) : uint8(27));
        vm.expectRevert(Payment.InvalidSignature.selector);
        _pay(payer, ORDER, address(usdt), 10 ether, block.timestamp, twin);
        // The twin consumed nothing: the canonical signature still pays, once.
        _pay(payer, ORDER, address(usdt), 10 ether, block.timestamp, abi.encodePacked(r, s, v));
        assertTrue(payment.isOrderPaid(ORDER), "paid with the canonical form");
    }

    function test_payment_refusesWrongChainId() public {
        bytes memory sig = _sign(
            SIGNER_KEY,
            _digest(56, address(payment), ORDER, payer, address(usdt), treasury, 10 ether, 200, block.timestamp)
        );
        vm.expectRevert(Payment.InvalidSignature.selector);
        _pay(payer, ORDER, address(usdt), 10 ether, block.timestamp, sig);
    }

    function test_payment_refusesAfterChainIdChanges() public {
        bytes memory sig = _order(ORDER, payer, address(usdt), 10 ether, block.timestamp);
        vm.chainId(56);
        vm.expectRevert(Payment.InvalidSignature.selector);
        _pay(payer, ORDER, address(usdt), 10 ether, block.timestamp, sig);
    }

    function test_payment_refusesWrongContract() public {
        Payment twin = new Payment(address(this), signer, address(router), address(free));
        twin.setTreasury(treasury);
        bytes memory sig = _sign(
            SIGNER_KEY,
            _digest(block.chainid, address(twin), ORDER, payer, address(usdt), treasury, 10 ether, 200, block.timestamp)
        );
        vm.expectRevert(Payment.InvalidSignature.selector);
        _pay(payer, ORDER, address(usdt), 10 ether, block.timestamp, sig);
    }

    function test_payment_refusesTamperedFields() public {
        uint256 endTime = block.timestamp + 60;
        bytes memory sig = _order(ORDER, payer, address(usdt), 10 ether, endTime);
        vm.expectRevert(Payment.InvalidSignature.selector);
        _pay(payer, ORDER, address(usdt), 1 ether, endTime, sig);
        vm.expectRevert(Payment.InvalidSignature.selector);
        _pay(payer, ORDER, address(free), 10 ether, endTime, sig);
        vm.expectRevert(Payment.InvalidSignature.selector);
        _pay(payer, ORDER, address(usdt), 10 ether, endTime + 1, sig);
        vm.expectRevert(Payment.InvalidSignature.selector);
        _pay(payer, keccak256("order-2"), address(usdt), 10 ether, endTime, sig);
    }

    function test_payment_refusesOrdersSignedForOldTerms() public {
        bytes memory sig = _order(ORDER, payer, address(usdt), 10 ether, block.timestamp);
        payment.setBurnBps(300);
        vm.expectRevert(Payment.InvalidSignature.selector);
        _pay(payer, ORDER, address(usdt), 10 ether, block.timestamp, sig);
        payment.setBurnBps(200);
        payment.setTreasury(address(0xBEEF));
        vm.expectRevert(Payment.InvalidSignature.selector);
        _pay(payer, ORDER, address(usdt), 10 ether, block.timestamp, sig);
    }

    function test_payment_refusesZeroAmount() public {
        bytes memory sig = _order(ORDER, payer, address(usdt), 0, block.timestamp);
        vm.expectRevert(Payment.ZeroAmount.selector);
        _pay(payer, ORDER, address(usdt), 0, block.timestamp, sig);
    }

    function test_payment_refusesWhenNothingArrives() public {
        HollowToken hollow = new HollowToken();
        bytes memory sig = _order(ORDER, payer, address(hollow), 10 ether, block.timestamp);
        vm.expectRevert(Payment.NothingReceived.selector);
        _pay(payer, ORDER, address(hollow), 10 ether, block.timestamp, sig);
        assertFalse(payment.isOrderPaid(ORDER), "not paid");
    }

    function test_payment_refusesWithoutAllowance() public {
        address poor = vm.addr(0xD00D);
        usdt.mint(poor, 10 ether);
        bytes memory sig = _order(ORDER, poor, address(usdt), 10 ether, block.timestamp);
        vm.expectRevert();
        _pay(poor, ORDER, address(usdt), 10 ether, block.timestamp, sig);
        assertFalse(payment.isOrderPaid(ORDER), "not paid");
    }

    function test_payment_refusesReentry() public {
        ReentrantToken re = new ReentrantToken();
        re.mint(payer, 10 ether);
        vm.prank(payer);
        re.approve(address(payment), type(uint256).max);
        bytes32 inner = keccak256("inner");
        re.arm(payment, abi.encodeCall(Payment.payment, (inner, address(usdt), 1 ether, block.timestamp, "")));
        bytes memory sig = _order(ORDER, payer, address(re), 10 ether, block.timestamp);
        vm.expectRevert(ReentrancyGuard.ReentrancyGuardReentrantCall.selector);
        _pay(payer, ORDER, address(re), 10 ether, block.timestamp, sig);
        assertFalse(payment.isOrderPaid(ORDER), "not paid");
    }

    function test_payment_burnSwapUsesRouter() public {
        payment.setRouter(address(0xDEAD));
        bytes memory sig = _order(ORDER, payer, address(usdt), 10 ether, block.timestamp);
        vm.expectRevert();
        _pay(payer, ORDER, address(usdt), 10 ether, block.timestamp, sig);
        payment.setRouter(address(router));
        _pay(payer, ORDER, address(usdt), 10 ether, block.timestamp, sig);
        assertTrue(payment.isOrderPaid(ORDER), "paid through the restored router");
    }

    // ------------------------------------------------------------------ owner settings

    function test_signerRotation_bothKeysPayWhileAddedThenOnlyTheNewOne() public {
        bytes memory oldSig = _order(ORDER, payer, address(usdt), 10 ether, block.timestamp);
        vm.expectEmit(true, false, false, false, address(payment));
        emit SignerSet.SignerAdded(other);
        payment.addSigner(other);
        assertEq(payment.signerCount(), 2, "two signers during the rotation");
        // an order signed by the old key before the switch still pays
        _pay(payer, ORDER, address(usdt), 10 ether, block.timestamp, oldSig);
        assertTrue(payment.isOrderPaid(ORDER), "old key's order paid");
        bytes32 second = keccak256("order-2");
        bytes memory newSig = _sign(
            OTHER_KEY,
            _digest(
                block.chainid, address(payment), second, payer, address(usdt), treasury, 10 ether, 200, block.timestamp
            )
        );
        _pay(payer, second, address(usdt), 10 ether, block.timestamp, newSig);
        assertTrue(payment.isOrderPaid(second), "new key's order paid");

        vm.expectEmit(true, false, false, false, address(payment));
        emit SignerSet.SignerRemoved(signer);
        payment.removeSigner(signer);
        assertFalse(payment.isSigner(signer), "old removed");
        bytes32 third = keccak256("order-3");
        bytes memory lateOld = _order(third, payer, address(usdt), 10 ether, block.timestamp);
        vm.expectRevert(Payment.InvalidSignature.selector);
        _pay(payer, third, address(usdt), 10 ether, block.timestamp, lateOld);
    }

    function test_signerSet_refusesZeroDuplicateUnknownAndTheLast() public {
        vm.expectRevert(SignerSet.ZeroSigner.selector);
        payment.addSigner(address(0));
        vm.expectRevert(abi.encodeWithSelector(SignerSet.AlreadySigner.selector, signer));
        payment.addSigner(signer);
        vm.expectRevert(abi.encodeWithSelector(SignerSet.NotSigner.selector, other));
        payment.removeSigner(other);
        vm.expectRevert(abi.encodeWithSelector(SignerSet.LastSigner.selector, signer));
        payment.removeSigner(signer);
        assertTrue(payment.isSigner(signer), "the last signer stays");
    }

    function test_setters_updateAndEmit() public {
        vm.expectEmit(true, true, false, false, address(payment));
        emit Payment.RouterChanged(address(router), address(0x1234));
        payment.setRouter(address(0x1234));
        assertEq(payment.router(), address(0x1234), "router");

        vm.expectEmit(true, true, false, false, address(payment));
        emit Payment.TreasuryChanged(treasury, address(0x5678));
        payment.setTreasury(address(0x5678));
        assertEq(payment.treasury(), address(0x5678), "treasury");

        vm.expectEmit(true, false, false, false, address(payment));
        emit Payment.BurnBpsChanged(1234);
        payment.setBurnBps(1234);
        assertEq(payment.burnBps(), 1234, "burnBps");

        vm.expectEmit(true, false, false, false, address(payment));
        emit Payment.ExecutorRewardBpsChanged(55);
        payment.setExecutorRewardBps(55);
        assertEq(payment.executorRewardBps(), 55, "reward");
    }

    function test_setters_refuseZeroAddress() public {
        vm.expectRevert(Payment.ZeroAddress.selector);
        payment.setRouter(address(0));
        vm.expectRevert(Payment.ZeroAddress.selector);
        payment.setTreasury(address(0));
    }

    function test_setters_refuseAboveCaps() public {
        vm.expectRevert(abi.encodeWithSelector(Payment.BpsTooHigh.selector, 5_001));
        payment.setBurnBps(5_001);
        vm.expectRevert(abi.encodeWithSelector(Payment.BpsTooHigh.selector, 101));
        payment.setExecutorRewardBps(101);
    }

    function test_setters_areOwnerOnly() public {
        bytes memory notOwner = abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, other);
        vm.startPrank(other);
        vm.expectRevert(notOwner);
        payment.addSigner(other);
        vm.expectRevert(notOwner);
        payment.removeSigner(signer);
        vm.expectRevert(notOwner);
        payment.setRouter(other);
        vm.expectRevert(notOwner);
        payment.setTreasury(other);
        vm.expectRevert(notOwner);
        payment.setBurnBps(0);
        vm.expectRevert(notOwner);
        payment.setExecutorRewardBps(0);
        vm.stopPrank();
    }

    function test_ownership_isTwoStep() public {
        payment.transferOwnership(other);
        assertEq(payment.owner(), address(this), "still owner until accepted");
        vm.prank(payer);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, payer));
        payment.acceptOwnership();
        vm.prank(other);
        payment.acceptOwnership();
        assertEq(payment.owner(), other, "new owner");
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, address(this)));
        payment.setBurnBps(0);
    }

    // ------------------------------------------------------------------ fuzz

    function testFuzz_payment_splitsExactly(uint256 amount, uint256 burnBps, uint256 rewardBps, bool inFree) public {
        amount = bound(amount, 1_000, 100_000 ether);
        burnBps = bound(burnBps, 0, payment.MAX_BURN_BPS());
        rewardBps = bound(rewardBps, 0, payment.MAX_EXECUTOR_REWARD_BPS());
        payment.setBurnBps(burnBps);
        payment.setExecutorRewardBps(rewardBps);
        address token = inFree ? address(free) : address(usdt);
        uint256 before = ERC20(token).balanceOf(payer);
        _pay(payer, ORDER, token, amount, block.timestamp, _order(ORDER, payer, token, amount, block.timestamp));

        uint256 burnIn = amount * burnBps / 10_000;
        uint256 reward = amount * rewardBps / 10_000;
        assertLe(reward, amount * payment.MAX_EXECUTOR_REWARD_BPS() / 10_000, "reward capped");
        assertEq(ERC20(token).balanceOf(payer), before - amount + reward, "payer");
        assertEq(ERC20(token).balanceOf(treasury), amount - burnIn - reward, "treasury");
        assertEq(ERC20(token).balanceOf(address(payment)), 0, "nothing left");
        assertEq(free.balanceOf(address(payment)), 0, "no FREE left");
    }

    function testFuzz_payment_refusesAnyOtherSigner(uint256 key) public {
        key = bound(key, 1, SECP256K1_N - 1);
        vm.assume(key != SIGNER_KEY);
        bytes memory sig = _sign(
            key,
            _digest(
                block.chainid, address(payment), ORDER, payer, address(usdt), treasury, 10 ether, 200, block.timestamp
            )
        );
        vm.expectRevert(Payment.InvalidSignature.selector);
        _pay(payer, ORDER, address(usdt), 10 ether, block.timestamp, sig);
    }

    function testFuzz_payment_refusesAfterEndTime(uint256 late) public {
        late = bound(late, 1, 3650 days);
        uint256 endTime = block.timestamp;
        bytes memory sig = _order(ORDER, payer, address(usdt), 10 ether, endTime);
        vm.warp(endTime + late);
        vm.expectRevert(abi.encodeWithSelector(Payment.OrderExpired.selector, endTime));
        _pay(payer, ORDER, address(usdt), 10 ether, endTime, sig);
    }
}

/// @dev Invariant: once paid, an order stays paid with the same record, and Payment keeps no funds.
contract PaymentInvariantTest is PaymentBase {
    PaymentHandler internal handler;

    function setUp() public override {
        super.setUp();
        handler = new PaymentHandler(payment, usdt, free, SIGNER_KEY);
        usdt.transferOwnership(address(handler));
        free.grantRole(free.MINTER_ROLE(), address(handler));
        payment.transferOwnership(address(handler));
        vm.prank(address(handler));
        payment.acceptOwnership();
    }

    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    function invariant_paidOrdersStayPaid() public view {
        uint256 n = handler.paidCount();
        for (uint256 i = 0; i < n; ++i) {
            (bytes32 id, address from, uint256 total, uint256 payTime) = handler.paidAt(i);
            (,, address recFrom,, uint256 recTotal, uint256 recTime, bool isPaid) = payment.getPayInfo(id);
            assertTrue(isPaid && payment.isOrderPaid(id), "paid order became unpaid");
            assertEq(recFrom, from, "payer changed");
            assertEq(recTotal, total, "total changed");
            assertEq(recTime, payTime, "pay time changed");
        }
    }

    function invariant_noSecondPayment() public view {
        assertEq(handler.secondPayments(), 0, "an order was paid twice");
    }

    function invariant_paymentHoldsNoFunds() public view {
        assertEq(usdt.balanceOf(address(payment)), 0, "USDT stuck");
        assertEq(free.balanceOf(address(payment)), 0, "FREE stuck");
    }
}

// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {Ownable, Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {SignerSet} from "./SignerSet.sol";

/// @title Burnable FREE token, as seen by Payment
/// @author FREE
/// @notice The one FREE function Payment needs: a burn that lowers total supply.
interface IFreeBurnable {
    /// @notice Burns `value` tokens of the caller.
    /// @param value Amount of FREE (wei) to burn.
    function burn(uint256 value) external;
}

/// @title Uniswap V2 router, as seen by Payment
/// @author FREE
/// @notice The one router function Payment needs.
interface IPaymentRouter {
    /// @notice Swaps an exact input along `path`, tolerating fee-on-transfer tokens.
    /// @param amountIn Exact input amount.
    /// @param amountOutMin Minimum output, or the swap reverts.
    /// @param path Token path, input first.
    /// @param to Receiver of the output.
    /// @param deadline Latest timestamp of execution.
    function swapExactTokensForTokensSupportingFeeOnTransferTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external;
}

/// @title FREE Payment: pays backend-signed orders on chain
/// @author FREE
/// @notice An order is created and signed (EIP-712) by the backend signer for one payer, one token,
/// one amount and one deadline. The payer sends it with `payment`; an orderId is paid at most once
/// and stays paid. The amount that arrives is split three ways:
///  - `burnBps` of it is swapped token -> FREE through the V2 router and burned (when the token is
///    FREE itself it is burned directly), reported by `BurnPayment`;
///  - the executor reward, `executorRewardBps` of it (never above `MAX_EXECUTOR_REWARD_BPS`), goes back
///    to `msg.sender`, who is the payer: orders are not relayable, so the reward is a rebate for the
///    one who executes (and pays gas for) the order;
///  - the rest goes to `treasury` (the order's `to`).
/// The signed Order commits to `payer = msg.sender`, `to = treasury()` and `burnBps = burnBps()` as they
/// are when the order is paid, so the backend signs against the values it reads from this contract and
/// an owner change of terms invalidates outstanding orders instead of silently applying to them.
/// The executor reward is not part of the signature: it only moves value between the payer and
/// the treasury, within the cap.
contract Payment is Ownable2Step, EIP712, ReentrancyGuard, SignerSet {
    using SafeERC20 for IERC20;

    /// @notice EIP-712 type hash of an order.
    bytes32 public constant ORDER_TYPEHASH = keccak256(
        "Order(bytes32 orderId,address payer,address token,address to,uint256 amount,uint256 burnBps,uint256 endTime)"
    );
    /// @notice Upper bound of the executor reward, in basis points of the amount received (1 %).
    uint256 public constant MAX_EXECUTOR_REWARD_BPS = 100;
    /// @notice Upper bound of the burn share, in basis points of the amount received (50 %).
    uint256 public constant MAX_BURN_BPS = 5_000;
    /// @notice Basis-point denominator.
    uint256 public constant BPS = 10_000;

    /// @notice The FREE token bought and burned with the burn share.
    // solhint-disable-next-line immutable-vars-naming -- `FREE()` is in the published ABI
    address public immutable FREE;

    /// @notice V2 router used to swap the burn share into FREE.
    address public router;
    /// @notice Receiver of the payments (the `to` of every order).
    address public treasury;
    /// @notice Share of each payment burned, in basis points.
    uint256 public burnBps;
    /// @notice Share of each payment returned to the executor (the payer), in basis points.
    uint256 public executorRewardBps;

    struct PayInfo {
        address token;
        uint40 payTime;
        bool paid;
        address from;
        address to;
        uint256 total;
    }

    mapping(bytes32 orderId => PayInfo info) private _orders;

    /// @notice An order was paid.
    /// @param orderId Backend order id.
    /// @param payer Who paid (and executed) the order.
    /// @param token Token paid in.
    /// @param to Receiver of the remainder (the treasury at payment time).
    /// @param amount Amount that arrived in this contract (after any transfer fee).
    /// @param burned Part of `amount` that was swapped into FREE (or burned as FREE) and burned.
    /// @param executorReward Part of `amount` returned to the executor.
    event Paid(
        bytes32 indexed orderId,
        address indexed payer,
        address indexed token,
        address to,
        uint256 amount,
        uint256 burned,
        uint256 executorReward
    );
    /// @notice The burn share of an order bought FREE and burned it.
    /// @param orderId Backend order id.
    /// @param tokenIn Amount of the payment token spent.
    /// @param freeBurned FREE burned (total supply went down by this much).
    event BurnPayment(bytes32 indexed orderId, uint256 tokenIn, uint256 freeBurned);
    /// @notice The swap router changed.
    /// @param previous Old router.
    /// @param current New router.
    event RouterChanged(address indexed previous, address indexed current);
    /// @notice The treasury changed.
    /// @param previous Old treasury.
    /// @param current New treasury.
    event TreasuryChanged(address indexed previous, address indexed current);
    /// @notice The burn share changed.
    /// @param burnBps New burn share in basis points.
    event BurnBpsChanged(uint256 indexed burnBps);
    /// @notice The executor reward changed.
    /// @param executorRewardBps New executor reward in basis points.
    event ExecutorRewardBpsChanged(uint256 indexed executorRewardBps);

    /// @notice An address argument was zero.
    error ZeroAddress();
    /// @notice The amount was zero.
    error ZeroAmount();
    /// @notice The order's deadline has passed.
    /// @param endTime The order's deadline.
    error OrderExpired(uint256 endTime);
    /// @notice The order was already paid.
    /// @param orderId The order.
    error OrderAlreadyPaid(bytes32 orderId);
    /// @notice The signature is not the signer's over this order, payer, chain and contract.
    error InvalidSignature();
    /// @notice Nothing (or less than one wei) arrived from the payer.
    error NothingReceived();
    /// @notice A basis-point setting is above its cap.
    /// @param bps The value refused.
    error BpsTooHigh(uint256 bps);

    /// @notice Deploys Payment with a 2 % burn share, a 0.1 % executor reward and the owner as treasury.
    /// @param owner_ Owner (Ownable2Step) and first treasury.
    /// @param signer_ Backend order signer.
    /// @param router_ V2 router for the burn swap.
    /// @param free_ FREE token.
    constructor(address owner_, address signer_, address router_, address free_)
        Ownable(owner_)
        EIP712("FREE Payment", "1")
    {
        if (signer_ == address(0) || router_ == address(0) || free_ == address(0)) revert ZeroAddress();
        FREE = free_;
        _addSigner(signer_);
        router = router_;
        treasury = owner_;
        burnBps = 200;
        executorRewardBps = 10;
        emit RouterChanged(address(0), router_);
        emit TreasuryChanged(address(0), owner_);
        emit BurnBpsChanged(200);
        emit ExecutorRewardBpsChanged(10);
    }

    /// @notice Pays a backend-signed order. The caller is the payer and must have approved `amount`.
    /// @param orderId Backend order id (paid at most once).
    /// @param token Token to pay in.
    /// @param amount Amount to pull from the caller.
    /// @param endTime Last second at which the order can be paid.
    /// @param signature Signer's EIP-712 signature over the Order.
    function payment(bytes32 orderId, address token, uint256 amount, uint256 endTime, bytes calldata signature)
        external
        nonReentrant
    {
        // Checks.
        if (amount == 0) revert ZeroAmount();
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp > endTime) revert OrderExpired(endTime);
        PayInfo storage info = _orders[orderId];
        if (info.paid) revert OrderAlreadyPaid(orderId);
        address to = treasury;
        bytes32 digest = orderDigest(orderId, msg.sender, token, to, amount, burnBps, endTime);
        (address recovered, ECDSA.RecoverError err,) = ECDSA.tryRecover(digest, signature);
        if (err != ECDSA.RecoverError.NoError || !isSigner[recovered]) revert InvalidSignature();

        // Effects: the order is paid from here on, whatever the token does during the transfers.
        info.paid = true;
        info.payTime = uint40(block.timestamp);
        info.token = token;
        info.from = msg.sender;
        info.to = to;

        // Interactions, guarded by nonReentrant; `total` is what actually arrived.
        uint256 received = _pull(token, amount);
        info.total = received;
        uint256 burnIn = received * burnBps / BPS;
        uint256 reward = received * executorRewardBps / BPS;
        if (burnIn != 0) _burnShare(orderId, token, burnIn);
        if (reward != 0) IERC20(token).safeTransfer(msg.sender, reward);
        IERC20(token).safeTransfer(to, received - burnIn - reward);
        emit Paid(orderId, msg.sender, token, to, received, burnIn, reward);
    }

    /// @notice Owner: accepts orders signed by `signer_` too (the first step of a rotation).
    /// @param signer_ Key added.
    function addSigner(address signer_) external onlyOwner {
        _addSigner(signer_);
    }

    /// @notice Owner: stops accepting orders signed by `signer_` (never the last signer).
    /// @param signer_ Key removed.
    function removeSigner(address signer_) external onlyOwner {
        _removeSigner(signer_);
    }

    /// @notice Owner: sets the V2 router used for the burn swap.
    /// @param router_ New router.
    function setRouter(address router_) external onlyOwner {
        if (router_ == address(0)) revert ZeroAddress();
        emit RouterChanged(router, router_);
        router = router_;
    }

    /// @notice Owner: sets the receiver of payments (orders signed for the old one stop verifying).
    /// @param treasury_ New treasury.
    function setTreasury(address treasury_) external onlyOwner {
        if (treasury_ == address(0)) revert ZeroAddress();
        emit TreasuryChanged(treasury, treasury_);
        treasury = treasury_;
    }

    /// @notice Owner: sets the burn share (orders signed for the old one stop verifying).
    /// @param burnBps_ New burn share, at most `MAX_BURN_BPS`.
    function setBurnBps(uint256 burnBps_) external onlyOwner {
        if (burnBps_ > MAX_BURN_BPS) revert BpsTooHigh(burnBps_);
        burnBps = burnBps_;
        emit BurnBpsChanged(burnBps_);
    }

    /// @notice Owner: sets the executor reward, at most `MAX_EXECUTOR_REWARD_BPS`.
    /// @param executorRewardBps_ New executor reward in basis points.
    function setExecutorRewardBps(uint256 executorRewardBps_) external onlyOwner {
        if (executorRewardBps_ > MAX_EXECUTOR_REWARD_BPS) revert BpsTooHigh(executorRewardBps_);
        executorRewardBps = executorRewardBps_;
        emit ExecutorRewardBpsChanged(executorRewardBps_);
    }

    /// @notice Whether an order has been paid.
    /// @param orderId The order.
    /// @return paid True once paid, forever.
    function isOrderPaid(bytes32 orderId) external view returns (bool paid) {
        return _orders[orderId].paid;
    }

    /// @notice The payment record of an order (zeros and false when unpaid).
    /// @param orderId The order.
    /// @return id The order id.
    /// @return token Token paid in (the "contract" of the record).
    /// @return from Payer.
    /// @return to Receiver of the remainder.
    /// @return total Amount that arrived.
    /// @return payTime Block timestamp of the payment.
    /// @return isPaid Whether the order is paid.
    function getPayInfo(bytes32 orderId)
        external
        view
        returns (bytes32 id, address token, address from, address to, uint256 total, uint256 payTime, bool isPaid)
    {
        PayInfo storage info = _orders[orderId];
        return (orderId, info.token, info.from, info.to, info.total, info.payTime, info.paid);
    }

    /// @notice The EIP-712 digest the signer signs for an order.
    /// @param orderId Order id.
    /// @param payer Payer (the caller of `payment`).
    /// @param token Token.
    /// @param to Receiver (the treasury).
    /// @param amount Amount.
    /// @param burnBps_ Burn share in basis points.
    /// @param endTime Deadline.
    /// @return digest The digest to sign.
    function orderDigest(
        bytes32 orderId,
        address payer,
        address token,
        address to,
        uint256 amount,
        uint256 burnBps_,
        uint256 endTime
    ) public view returns (bytes32 digest) {
        return _hashTypedDataV4(
            keccak256(abi.encode(ORDER_TYPEHASH, orderId, payer, token, to, amount, burnBps_, endTime))
        );
    }

    /// @notice The EIP-712 domain separator (name "FREE Payment", version "1", chain id, this contract).
    /// @return separator The domain separator.
    function domainSeparator() external view returns (bytes32 separator) {
        return _domainSeparatorV4();
    }

    /// @dev Pulls `amount` from the caller and returns what actually arrived (fee-on-transfer safe).
    function _pull(address token, uint256 amount) private returns (uint256 received) {
        uint256 before = IERC20(token).balanceOf(address(this));
        IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
        received = IERC20(token).balanceOf(address(this)) - before;
        if (received == 0) revert NothingReceived();
    }

    /// @dev Burns the burn share: FREE directly, any other token after a swap into FREE.
    function _burnShare(bytes32 orderId, address token, uint256 amountIn) private {
        uint256 freeBurned = amountIn;
        if (token != FREE) {
            address[] memory path = new address[](2);
            path[0] = token;
            path[1] = FREE;
            address router_ = router;
            uint256 freeBefore = IERC20(FREE).balanceOf(address(this));
            IERC20(token).forceApprove(router_, amountIn);
            // No price bound: the share is small and anyone could move the pool in the same block anyway;
            // a sandwich only lowers how much FREE is burned, it takes nothing from payer or treasury.
            IPaymentRouter(router_)
                .swapExactTokensForTokensSupportingFeeOnTransferTokens(
                    amountIn, 1, path, address(this), block.timestamp
                );
            freeBurned = IERC20(FREE).balanceOf(address(this)) - freeBefore;
        }
        IFreeBurnable(FREE).burn(freeBurned);
        emit BurnPayment(orderId, amountIn, freeBurned);
    }
}
